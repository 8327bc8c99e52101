import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioText
import FolioSystem

/// Every file by its name (`v0012_file_names.sql`, `DocumentIndexer.indexName`): files
/// Folio does not read, files it read no words from, and files whose words are elsewhere.
@Suite struct FileNameTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-names-\(UUID().uuidString)").path

    private func indexed(_ files: [String: Data]) throws -> (store: IndexStore, reader: IndexReader) {
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: URL(fileURLWithPath: root + "/docs/" + name)) }
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: root + "/docs")
        return (store, try IndexReader(path: store.path))
    }

    private func paths(_ reader: IndexReader, _ text: String, name: NamePattern? = nil) throws -> [String] {
        var request = SearchRequest(query: SearchQuery(parsing: text), limit: 20)
        request.name = name
        return try reader.search(request).map { $0.path.replacing(root + "/docs/", with: "") }
    }

    private func named(_ pattern: NamePattern) -> SearchFilters {
        var filters = SearchFilters()
        filters.name = pattern
        return filters
    }

    private let zipBytes = Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x11, count: 64))

    @Test func fileOfAKindNotRead_isFoundByTheWordsOfItsName_neverOpened() throws {
        let (_, reader) = try indexed(["holiday-photos.7z": zipBytes, "backup.tar": Data("import sys\n".utf8),
                                       "notes.txt": Data("a note on photos of a holiday\n".utf8)])
        #expect(try paths(reader, "holiday photos 7z") == ["holiday-photos.7z", "notes.txt"], "the name holds every word")
        #expect(try paths(reader, "backup") == ["backup.tar"])
        #expect(try paths(reader, "sys").isEmpty, "a file known by name is not read")
        let zip = try #require(try reader.documents(in: .everything).first { $0.path.hasSuffix(".7z") })
        #expect(zip.kind == .file)
        #expect(zip.contentHash == nil)
        #expect(try reader.counts().named == 2)
        let hit = try #require(try reader.search(SearchRequest(query: SearchQuery(parsing: "holiday photos 7z"))).first)
        #expect(hit.snippet.text == "holiday-photos.7z")
    }

    /// A name that holds every word is stronger evidence than text that holds them often
    /// (`NameTier`); a query whose words too many names hold ranks by its words alone.
    @Test func fileNamedByEveryWord_comesBeforeTextThatHoldsThem() throws {
        var files = ["channel-pipeline.7z": zipBytes,
                     "notes.md": Data(("# Channel pipeline\n\n" + String(repeating: "The channel pipeline. ", count: 40)).utf8),
                     "go-pipeline.7z": zipBytes,
                     "go.md": Data(("# Go pipeline\n\n" + String(repeating: "A go pipeline. ", count: 40)).utf8)]
        let (_, reader) = try indexed(files)
        #expect(try paths(reader, "channel pipeline").first == "channel-pipeline.7z")
        #expect(try paths(reader, "pipeline channel").first == "channel-pipeline.7z")
        #expect(try paths(reader, "go pipeline").first == "go-pipeline.7z", "a word of two letters, checked word by word")
        #expect(try paths(reader, "go") == ["go.md", "go-pipeline.7z"], "the name made of the word first")
        for number in 0..<60 { files["report-\(number).7z"] = zipBytes }
        files["report.md"] = Data(("# Report\n\n" + String(repeating: "The report. ", count: 40)).utf8)
        let (_, many) = try indexed(files)
        #expect(try paths(many, "report").first == "report.md", "sixty names hold it: no evidence")
    }

    /// Among more names holding the words than say anything, the one made of them alone
    /// still comes first, before text that holds them often.
    @Test func nameMadeOfTheWords_comesFirst_amongTooManyNamesThatHoldThem() throws {
        var files = ["cnio.h": Data("#include <stdio.h>\n".utf8),
                     "cnio-shims.h": Data(String(repeating: "#include \"cnio.h\" /* the cnio h shim */\n", count: 40).utf8)]
        for number in 0..<60 { files["cnio-\(number).h"] = Data("int x;\n".utf8) }
        let (_, reader) = try indexed(files)
        #expect(try paths(reader, "cnio.h").first == "cnio.h")
        #expect(try paths(reader, "cnio h").first == "cnio.h")
    }

    /// Among names that hold every word, the one made of them and nothing more comes first,
    /// whatever the others' text holds.
    @Test func nameMadeOfTheQuerysWords_comesFirstAmongTheNamed() throws {
        let handler = Data(String(repeating: "A channel handler handles the channel. ", count: 30).utf8)
        let (_, reader) = try indexed(["NIOChannelHandler.swift": handler, "ChannelHandlerContext.swift": handler,
                                       "ChannelHandler.swift": Data("protocol ChannelHandler {}\n".utf8),
                                       "channel-handlers.7z": zipBytes])
        let found = try paths(reader, "channel handler")
        #expect(Set(found.prefix(2)) == ["ChannelHandler.swift", "channel-handlers.7z"], "\(found)")
        #expect(Set(found.dropFirst(2).prefix(2)) == ["NIOChannelHandler.swift", "ChannelHandlerContext.swift"], "\(found)")
        #expect(try paths(reader, "nio channel handler").first == "NIOChannelHandler.swift")
    }

    /// Words under three letters, which the trigrams cannot look up, are checked word by
    /// word beside the others: a whole name with its extension, a part with a short word.
    @Test func shortWordsOfAName_areCheckedWordByWord() throws {
        let text = Data(String(repeating: "Each IP address of the counter. ", count: 30).utf8)
        let (_, reader) = try indexed(["IPAddress.swift": Data("struct IPAddress {}\n".utf8), "addresses.md": text,
                                       "run-counter.sh": Data("echo go\n".utf8), "run-counter-tests.sh": text])
        #expect(try paths(reader, "ip address").first == "IPAddress.swift")
        #expect(try paths(reader, "run-counter.sh").first == "run-counter.sh")
    }

    /// A query of words under three letters alone reads the names: the file whose name has
    /// the word comes before text that holds it, not a name that has its letters only.
    @Test func queryOfShortWordsAlone_findsTheNameThatHasThem() throws {
        let text = Data(String(repeating: "On 05 May my v2 plan. ", count: 30).utf8)
        let (_, reader) = try indexed(["usr_05.7z": zipBytes, "MyFirstContribution.7z": zipBytes, "cert-v2.7z": zipBytes,
                                       "plan.md": text, "myopia-v20-2005.7z": zipBytes])
        #expect(try paths(reader, "05").first == "usr_05.7z")
        #expect(try paths(reader, "my").first == "MyFirstContribution.7z")
        #expect(try paths(reader, "v2").first == "cert-v2.7z")
        #expect(try paths(reader, "my 05").first == "plan.md", "no name has both")
    }

    @Test func documentIsFoundByItsName_whenItsWordsDoNotHoldIt() throws {
        let (_, reader) = try indexed(["budget-2019.md": Data("# Spending plan\n\nRent and food for the year.\n".utf8)])
        #expect(try paths(reader, "budget 2019") == ["budget-2019.md"])
        #expect(try paths(reader, "spending plan") == ["budget-2019.md"])
    }

    @Test func fileThatGaveNoWords_orFailed_isStillFoundByName() throws {
        let (store, reader) = try indexed(["passport.jpg": Data(repeating: 0x42, count: 300), "empty.txt": Data()])
        #expect(try paths(reader, "passport") == ["passport.jpg"])
        #expect(try paths(reader, "empty") == ["empty.txt"])
        #expect(try store.documents(in: .everything, status: .failed).map(\.path) == [root + "/docs/passport.jpg"],
                "the failure is still recorded")
    }

    @Test func renamedFile_isFoundByItsNewNameOnly() throws {
        let (store, reader) = try indexed(["draft-letter.md": Data("# Letter\n\nDear Ann.\n".utf8)])
        #expect(try store.rename(file: root + "/docs/draft-letter.md", to: root + "/docs/final-letter.md"))
        #expect(try paths(reader, "draft").isEmpty)
        #expect(try paths(reader, "final letter") == ["final-letter.md"])
        #expect(try paths(reader, "dear ann") == ["final-letter.md"], "the contents' rows are intact")
        #expect(try reader.files(matching: named(#require(NamePattern("*letter*"))), limit: 10).map(\.path) == [root + "/docs/final-letter.md"])
        try store.rename(tree: root + "/docs", to: root + "/papers")
        #expect(try reader.search(SearchRequest(query: SearchQuery(parsing: "final"))).map(\.path) == [root + "/papers/final-letter.md"])
    }

    @Test func namePattern_narrowsASearch_andListsFiles_withoutRegardToCase() throws {
        let (_, reader) = try indexed(["Report-2023.PDF.txt": Data("quarterly numbers\n".utf8), "report-2024.txt": Data("quarterly numbers\n".utf8),
                                       "Photos.7Z": zipBytes])
        #expect(try paths(reader, "quarterly", name: NamePattern("*2023*")) == ["Report-2023.PDF.txt"])
        #expect(try paths(reader, "quarterly", name: NamePattern("*.7z")).isEmpty)
        // Too short for the trigrams: matched against each name, not its folders'.
        #expect(try paths(reader, "quarterly", name: NamePattern("*4*")) == ["report-2024.txt"])
        #expect(try paths(reader, "quarterly", name: NamePattern("r*")).sorted() == ["Report-2023.PDF.txt", "report-2024.txt"])
        #expect(try reader.files(matching: named(#require(NamePattern("*.7z"))), limit: 10).map(\.kind) == [.file])
        #expect(try reader.files(matching: named(#require(NamePattern("report-202[34]*"))), limit: 10).count == 2)
        #expect(try reader.files(matching: named(#require(NamePattern("report-202[34]*"))), limit: 1).count == 1)
        // LIKE's own wildcards in a name are letters to a glob.
        let (_, odd) = try indexed(["100%_done.7z": zipBytes, "100x-done.7z": zipBytes])
        #expect(try odd.files(matching: named(#require(NamePattern("*%_*"))), limit: 10).map(\.path) == [root + "/docs/100%_done.7z"])
        #expect(try odd.files(matching: named(#require(NamePattern("100?-*"))), limit: 10).map(\.path) == [root + "/docs/100x-done.7z"])
        #expect(NamePattern("a/b") == nil)
        #expect(NamePattern("") == nil)
    }
}
