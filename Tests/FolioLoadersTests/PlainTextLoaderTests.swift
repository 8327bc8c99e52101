import Testing
import FolioLoaders
import FolioCore

@Suite struct PlainTextLoaderTests {
    private func text(_ document: LoadedDocument) -> [[String]] {
        document.pages.map { $0.lines.map(\.text) }
    }

    @Test func windows1252_isDecoded() throws {
        let document = try PlainTextLoader().load(Fixture.file("windows1252.txt"))
        #expect(text(document) == [["Meeting notes", "", "Discussed the café budget – “quoted”.", ""]])
        #expect(document.title == nil, "plain text has no title of its own")
    }

    @Test func utf16WithBOM_isDecoded() throws {
        let document = try PlainTextLoader().load(Fixture.file("utf16le-bom.txt"))
        #expect(text(document) == [["Résumé in UTF-16", "second line", ""]])
    }

    @Test func utf16WithoutBOM_isRecognised() throws {
        let document = try PlainTextLoader().load(Fixture.file("utf16be-nobom.txt"))
        #expect(text(document).first?.first == "Big endian without mark")
    }

    @Test func formFeeds_splitPages() throws {
        let document = try PlainTextLoader().load(Fixture.file("formfeed.txt"))
        #expect(document.pages.map(\.number) == [1, 2, 3])
        #expect(text(document) == [["Page one text", ""], ["Page two text", ""], ["Page three text", ""]])
    }

    @Test func mostlyUTF8_keepsItsCharacters_andReplacesTheBrokenByte() throws {
        let document = try PlainTextLoader().load(Fixture.file("mostly-utf8.txt"))
        let line = try #require(text(document).first?.first)
        #expect(line.hasPrefix("naïve café"))
        #expect(line.contains("broken \u{FFFD} byte"))
    }

    @Test(arguments: [
        ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01], "an ELF executable"),
        (Array("%PDF-1.7\n".utf8), "a PDF document"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], "a PNG image"),
        ([0x41, 0x00, 0x42, 0x43, 0x00, 0x00, 0x01, 0x02, 0x00], "binary data"),
        (Array(repeating: 0x01, count: 100) + Array("text".utf8), "binary data"),
    ] as [([UInt8], String)])
    func binaryContent_isRefusedWithWhatItIs(bytes: [UInt8], what: String) throws {
        let file = try Fixture.temporary("looks-like.txt", bytes)
        #expect(throws: LoaderError.binaryContent(path: file.path, what: what)) { try PlainTextLoader().load(file) }
    }

    @Test func randomBytes_neverCrash() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...512, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = try Fixture.temporary("random.txt", bytes)
            _ = try? PlainTextLoader().load(file)
        }
    }

    @Test func missingFile_isUnreadable() {
        let file = SourceFile(path: "/nonexistent/folio/file.txt", maxSize: 100)
        #expect(throws: LoaderError.unreadable(path: file.path, reason: "No such file or directory")) { try PlainTextLoader().load(file) }
    }

    @Test func fileOverTheLimit_isRefused() throws {
        var file = try Fixture.temporary("big.txt", Array(repeating: 0x61, count: 200))
        file.maxSize = 100
        #expect(throws: LoaderError.tooLarge(path: file.path, size: 200, limit: 100)) { try PlainTextLoader().load(file) }
    }

    @Test func emptyFile_isOneEmptyPage() throws {
        let file = try Fixture.temporary("empty notes.txt", [])
        let document = try PlainTextLoader().load(file)
        #expect(document.pages == [Page(number: 1, lines: [TextLine("")])])
    }
}
