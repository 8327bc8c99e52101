import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioText

/// Source code and structured text read as `code`: found by what they say, each hit with
/// the line its first match is on, after the definition it is in when that is large
/// enough to be a section (read by the tree-sitter parsers `make test` installs).
@Suite struct SourceCodeTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-code-\(UUID().uuidString)").path

    private let script = """
        #!/usr/bin/env python3
        import sys


        def parse_config(path):
            \"\"\"Read the harbour configuration.\"\"\"

            with open(path) as handle:
                return handle.read()


        class LighthouseKeeper:
            def ring_bell(self):
                print("ding")

        """

    private func indexed() throws -> IndexReader {
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try Data(script.utf8).write(to: URL(fileURLWithPath: root + "/src/setup.py"))
        try Data("name: folio\n\nkeeper:\n  name: Ada Tidewater\n".utf8).write(to: URL(fileURLWithPath: root + "/src/crew.YAML"))
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: root + "/src")
        return try IndexReader(path: store.path)
    }

    private func hit(_ reader: IndexReader, _ text: String) throws -> SearchHit? {
        try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 5)).first
    }

    @Test func sourceFiles_areReadAsCode_andAHitSaysItsLine() throws {
        let reader = try indexed()
        let documents = try reader.documents(in: .everything)
        #expect(documents.map(\.kind) == [.code, .code])
        #expect(try hit(reader, "ring bell")?.section == "LighthouseKeeper.ring_bell, line 13")
        #expect(try hit(reader, "parse_config")?.section == "parse_config, line 5", "snake_case splits into its words, and is found whole as a phrase")
        #expect(try hit(reader, "harbour configuration")?.section == "parse_config, line 6")
        #expect(try hit(reader, "LighthouseKeeper")?.section == "LighthouseKeeper, line 12")
        let parts = try #require(try hit(reader, "lighthouse keeper"), "a camelCase name by its parts")
        #expect(parts.path.hasSuffix("setup.py") && parts.snippet.text.contains("LighthouseKeeper"), "the parts are searched, never shown")
        let yaml = try #require(try hit(reader, "tidewater"))
        #expect(yaml.kind == .code && yaml.section == "line 4" && yaml.path.hasSuffix("crew.YAML"))
        var code = SearchRequest(query: SearchQuery(parsing: "folio OR sys"), limit: 5)
        code.kinds = [.code]
        #expect(try reader.search(code).count == 2)
        var found = SearchRequest(query: SearchQuery(parsing: "ring bell"), limit: 5, snippetWords: 0)
        found.kinds = [.code]
        #expect(try reader.search(found).first?.section == "line 1", "no match located without a snippet: the chunk's first line")
    }

    /// A definition of a chunk's words or more is a section: its hits name it (with the class
    /// around it) and its chunks keep to it; the small ones around it are named by the chunk's
    /// outline.
    @Test func aLargeDefinition_isTheSectionOfItsHits() throws {
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        let body = (1...100).map { "        total += tide_height(dawn, dusk, spring, neap\($0))" }.joined(separator: "\n")
        let source = """
            import math


            def small_helper():
                return "lantern"


            class Harbour:
                # Sums the tides of a season.
                def season_tides(self, dawn, dusk, spring):
                    total = 0
            \(body)
                    return total

                def bell(self):
                    return "brass"
            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: root + "/src/harbour.py"))
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: root + "/src")
        let reader = try IndexReader(path: store.path)
        #expect(try hit(reader, "neap42")?.section == "Harbour.season_tides, line 53")
        #expect(try hit(reader, "Sums the tides")?.section == "Harbour.season_tides, line 9", "its comment goes with it")
        #expect(try hit(reader, "lantern")?.section == "small_helper, line 5", "a small function is no section, and named")
        #expect(try hit(reader, "brass")?.section == "Harbour.bell, line 115", "a small method in a large class's chunk")
        #expect(try hit(reader, "import math")?.section == "line 1")
    }

    /// `code_extensions` adds a language Folio does not list: its files are read as code,
    /// and one known by its name only before the extension was added is read when indexed
    /// again, though it has not changed.
    @Test func configuredExtensions_areReadAsCode_evenWhenKnownByNameBefore() throws {
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try Data("proc ringHarbourBell() =\n  echo \"ding\"\n".utf8).write(to: URL(fileURLWithPath: root + "/src/bell.nim"))
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: root + "/src")
        let reader = try IndexReader(path: store.path)
        #expect(try reader.documents(in: .everything).map(\.kind) == [.file])
        #expect(try hit(reader, "harbour") == nil, "its text is not read, only its name")
        let configuration = try FolioConfiguration(toml: "code_extensions = [\".NIM\"]", file: "c.toml")
        #expect(configuration.codeExtensions == ["nim"])
        let kinds = FileKinds(configuration, home: root)
        #expect(kinds.kind(of: root + "/src/bell.nim") == .code && kinds.kind(of: root + "/src/bell.zig") == .file)
        _ = try DocumentIndexer(store: store, configuration: configuration, kinds: kinds).indexEveryFile(below: root + "/src")
        #expect(try reader.documents(in: .everything).map(\.kind) == [.code])
        let found = try #require(try hit(reader, "harbour bell"), "ringHarbourBell by its parts")
        #expect(found.section == "line 1")
        #expect(throws: ConfigurationError.self) { try FolioConfiguration(toml: "code_extensions = [\"n/m\"]", file: "c.toml") }
    }
}
