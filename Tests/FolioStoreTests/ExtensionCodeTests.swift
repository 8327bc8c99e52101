import Testing
import FolioSQLite
@testable import FolioStore

/// Each document's extension as a code (`ExtensionCode`): a path the extension filter keeps
/// (SQLite's LIKE on the path, `SearchFilters.conditions`) has the code of the extension
/// asked for, whatever its case; a path no filter can keep has none.
@Suite struct ExtensionCodeTests {
    static let paths = [
        "/home/a/notes.md", "/home/a/NOTES.MD", "/home/a/Notes.Md", "/home/a/.md", "/home/a.md/readme", "/home/a/archive.tar.gz",
        "/home/a/archive.TAR.GZ", "/home/a/b.", "/home/a/b.m-d", "/home/a/b.m_d", "/home/a/b.md~", "/home/a/b.mdx", "/home/a/b.é",
        "/home/a/b.abcdefghijklmnop", "/home/a/b.abcdefghijklmnopq", "/home/a/Makefile", "/home/a/b.7z", "/home/a/b.x.MP3", "md",
    ]
    static let extensions = ["md", "gz", "tar", "mdx", "m", "d", "abcdefghijklmnop", "7z", "mp3", "txt"]

    @Test func aPathTheFilterKeeps_hasTheExtensionsCode() throws {
        let database = try TemporaryDatabase()
        _ = try IndexStore(path: database.path)
        let reader = try IndexReader(path: database.path)
        var kept = 0
        for path in Self.paths {
            let code = Array(path.utf8).withUnsafeBytes(ExtensionCode.of(path:))
            for name in Self.extensions {
                let likes = try reader.read("like") { db in try db.value(as: Bool.self, "SELECT ? LIKE ?", [path, "%." + name]) } ?? false
                if likes {
                    kept += 1
                    #expect(code == ExtensionCode.of(extension: name), "\(path) kept by ext:\(name)")
                }
            }
        }
        #expect(kept == 10)
    }

    @Test func aPathNoFilterCanKeep_hasNone_andTheOthersTwoBytes() {
        func code(_ path: String) -> Int64 { Array(path.utf8).withUnsafeBytes(ExtensionCode.of(path:)) }
        for path in ["/home/a/b.", "/home/a/b.m-d", "/home/a/b.é", "/home/a/b.abcdefghijklmnopq", "/home/a/Makefile", "/home/a.d/b", ""] {
            #expect(code(path) == 0, "\(path)")
        }
        #expect(code("/home/a/b.tar.GZ") == ExtensionCode.of(extension: "gz"))
        let codes = (0..<5_000).map { ExtensionCode.of(extension: "e\($0)") }
        #expect(codes.allSatisfy { (1...65_534).contains($0) })
        #expect(Set(codes).count > 4_800, "codes spread over two bytes")
    }
}
