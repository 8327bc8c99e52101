import Testing
import Foundation
import FolioWatch
import FolioSystem

@Suite struct DirectoryCrawlerTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-crawl-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    private func crawl(includeHidden: Bool = false, from start: String? = nil) -> (files: [String], problems: [String]) {
        var files: [String] = []
        var problems: [String] = []
        DirectoryCrawler(includeHidden: includeHidden).crawl(start ?? root) { item in
            switch item {
            case let .file(path, _): files.append(String(path.dropFirst(root.count + 1)))
            case let .problem(path, reason): problems.append(String(path.dropFirst(root.count + 1)) + ": " + reason)
            }
        }
        return (files, problems)
    }

    private func touch(_ relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
    }

    @Test func walksFilesThenFoldersInNameOrder_skippingHiddenUnlessAsked() throws {
        for name in ["b.txt", "a/z.txt", "a/c.txt", ".git/config", "d/.env"] { try touch(name) }
        #expect(crawl().files == ["b.txt", "a/c.txt", "a/z.txt"])
        #expect(crawl(includeHidden: true).files == ["b.txt", ".git/config", "a/c.txt", "a/z.txt", "d/.env"])
    }

    @Test func symlinkLoops_andLinks_areNotFollowed() throws {
        try touch("real/file.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/real/loop", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.txt", withDestinationPath: root + "/real/file.txt")
        #expect(crawl().files == ["real/file.txt"])
    }

    @Test func fifosAndSockets_arePassedOver() throws {
        try touch("a.txt")
        #expect(mkfifo(root + "/pipe.txt", 0o600) == 0)
        #expect(crawl().files == ["a.txt"])
    }

    @Test func nameThatIsNotUTF8_isAProblem_notACrash() throws {
        try touch("ok.txt")
        let bad = root + "/bad-\u{FFFD}"
        var bytes = Array((root + "/bad-").utf8)
        bytes.append(0xFF)
        bytes.append(0)
        let fd = bytes.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o600) }
        #expect(fd >= 0)
        close(fd)
        let result = crawl()
        #expect(result.files == ["ok.txt"])
        #expect(result.problems == [String(bad.dropFirst(root.count + 1)) + ": the file name is not valid UTF-8; rename it to have it indexed"])
    }

    @Test func rootThatIsAFile_isReportedItself() throws {
        try touch("single.txt")
        #expect(crawl(from: root + "/single.txt").files == ["single.txt"])
    }
}
