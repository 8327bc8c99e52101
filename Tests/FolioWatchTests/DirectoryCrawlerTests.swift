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

    /// The sweep that lists names before the walk (`files(below:)`, no `stat` per file)
    /// finds what the walk finds, in its order.
    private func swept(includeHidden: Bool = false, from start: String? = nil) -> [String] {
        DirectoryCrawler(includeHidden: includeHidden).files(below: start ?? root).map { $0 == root ? "" : String($0.dropFirst(root.count + 1)) }
    }

    @Test func theNamesSweep_findsWhatTheWalkFinds() throws {
        for name in ["b.txt", "a/z.txt", "a/c.txt", ".git/config", "d/.env", "d/e/f.pdf", "real/file.txt"] { try touch(name) }
        try FileManager.default.createSymbolicLink(atPath: root + "/real/loop", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.txt", withDestinationPath: root + "/real/file.txt")
        #expect(mkfifo(root + "/pipe.txt", 0o600) == 0)
        #expect(swept() == crawl().files)
        #expect(swept(includeHidden: true) == crawl(includeHidden: true).files)
        #expect(swept().count == 5)
        #expect(DirectoryCrawler(includeHidden: false).files(below: root + "/b.txt") == [root + "/b.txt"])
        #expect(DirectoryCrawler(includeHidden: false).files(below: root + "/missing").isEmpty)
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

@Suite struct ExcludeRulesTests {
    let rules = ExcludeRules(patterns: [".git", "node_modules", "*.kdbx", "~/.ssh", "/srv/private", "build/*.o"], home: "/home/ann")

    @Test(arguments: [
        ("/home/ann/Documents/.git", ".git"), ("/home/ann/p/node_modules", "node_modules"), ("/x/keys.kdbx", "keys.kdbx"),
        ("/home/ann/.ssh", ".ssh"), ("/home/ann/.ssh/id_rsa", "id_rsa"), ("/srv/private/a/b.txt", "b.txt"),
    ])
    func excluded(path: String, name: String) {
        #expect(rules.excludes(path, name: name))
    }

    @Test(arguments: [
        ("/home/ann/Documents/notes.txt", "notes.txt"), ("/home/ann/.sshkeys", ".sshkeys"), ("/srv/privateer/x", "x"),
        ("/home/ann/kdbx.txt", "kdbx.txt"), ("/home/ann/build/x.o", "x.o"),
    ])
    func notExcluded(path: String, name: String) {
        #expect(!rules.excludes(path, name: name))
    }

    /// Name patterns are compared without `fnmatch` where they can be: the same answers.
    @Test func namePatterns_matchAsFnmatchDoes() {
        let patterns = ["*.kdbx", "id_rsa*", "*", "*.tar.gz", "draft-?.md", "[ab]*.log", "*cache*", "\\*.txt", "node_modules", "*é"]
        let names = ["keys.kdbx", "keys.KDBX", "keys.kdbx.txt", ".kdbx", "id_rsa", "id_rsa.pub", "my_id_rsa", "a.tar.gz", "tar.gz", "draft-1.md",
                     "draft-12.md", "a.log", "c.log", "mycache1", "*.txt", "x.txt", "node_modules", "café", "cafe"]
        for pattern in patterns {
            let rules = ExcludeRules(patterns: [pattern], home: "/h")
            for name in names {
                #expect(rules.excludes("/d/" + name, name: name) == (fnmatch(pattern, name, 0) == 0), "\(pattern) \(name)")
            }
        }
    }

    @Test func folioignore_addsRelativeAndNamePatterns() {
        let added = rules.adding(ignoreFile: "# comment\n\nbuild/*.o\n*.log\n  drafts/  \n", in: "/home/ann/p")
        #expect(added.excludes("/home/ann/p/build/x.o", name: "x.o"))
        #expect(added.excludes("/home/ann/p/sub/trace.log", name: "trace.log"))
        #expect(added.excludes("/home/ann/p/drafts", name: "drafts"))
        #expect(added.excludesAnyComponent(of: "/home/ann/p/drafts/a.md", below: "/home/ann/p"))
        #expect(!added.excludes("/home/ann/q/build/x.o", name: "x.o"))
    }

    @Test func excludesAnyComponent_checksEveryLevel() {
        #expect(rules.excludesAnyComponent(of: "/home/ann/Documents/repo/.git/config", below: "/home/ann/Documents"))
        #expect(!rules.excludesAnyComponent(of: "/home/ann/Documents/repo/readme.md", below: "/home/ann/Documents"))
    }
}

@Suite struct CrawlerExclusionTests {
    @Test func excludedNamesAndFolioignore_areNotWalked() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-exclude-\(UUID().uuidString)").path
        for name in ["a.txt", "node_modules/x.txt", "vault.kdbx", "sub/keep.md", "sub/drafts/no.md", "sub/trace.log"] {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        }
        try Data("drafts\n*.log\n".utf8).write(to: URL(fileURLWithPath: root + "/sub/.folioignore"))
        var files: [String] = []
        DirectoryCrawler(includeHidden: false, rules: ExcludeRules(patterns: ["node_modules", "*.kdbx"], home: "/h")).crawl(root) { item in
            if case let .file(path, _) = item { files.append(String(path.dropFirst(root.count + 1))) }
        }
        #expect(files == ["a.txt", "sub/keep.md"])
        let crawler = DirectoryCrawler(includeHidden: false, rules: ExcludeRules(patterns: ["node_modules", "*.kdbx"], home: "/h"))
        #expect(crawler.files(below: root).map { String($0.dropFirst(root.count + 1)) } == files, "the names' sweep keeps to the same rules")
    }
}
