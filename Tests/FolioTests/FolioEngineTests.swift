import Testing
import Foundation
import Folio
import FolioTestSupport

/// The library's facade over the real store, loaders and search: a real SQLite file in
/// WAL mode (or one in memory), real PDF text through MuPDF, the real chunker.
@Suite struct FolioEngineTests {
    /// A folder of its own, removed at the end.
    final class Scratch {
        let path: String
        init() throws {
            path = NSTemporaryDirectory() + "folio-engine-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ data: Data) throws -> URL {
            let url = URL(fileURLWithPath: path + "/" + name)
            try data.write(to: url)
            return url
        }
    }

    static let manual = LongPDF.data(pages: [
        ["Installation guide", "Unpack the archive and run the installer as root."],
        ["Configuration", "The quokka setting chooses the colour of the marsupial icon."],
        ["Troubleshooting", "If the installer fails, read the log in the state folder."],
    ])
    static let notes = "# Garden\n\nTomatoes need sun and water every morning.\n\n# Kitchen\n\nThe quokka mug lives on the second shelf.\n"

    /// Ingests the same sources into `engine`: a PDF file, Markdown text, and PDF bytes.
    static func ingestSamples(_ engine: FolioEngine, scratch: Scratch) throws {
        let pdf = try scratch.write("manual.pdf", manual)
        let ingested = try engine.ingest(.file(pdf), sourceId: "Manual")
        #expect(ingested == IngestResult(sourceId: "Manual", pages: 3, chunks: 2, outcome: .indexed), "\(ingested)")
        #expect(try engine.ingest(.text(notes, name: "notes.md")).outcome == .indexed)
        #expect(try engine.ingest(.data(manual, fileExtension: "pdf"), sourceId: "manual-copy").pages == 3)
    }

    @Test func inMemoryAndOnDisk_giveTheSameResults() throws {
        let scratch = try Scratch()
        let memory = try FolioEngine.inMemory()
        let disk = try FolioEngine(path: scratch.path + "/index/folio.sqlite")
        try Self.ingestSamples(memory, scratch: scratch)
        try Self.ingestSamples(disk, scratch: scratch)
        for query in ["quokka", "installer", "\"marsupial icon\"", "tomato*", "quokka -mug", "colour of the icon"] {
            let inMemory = try memory.search(query)
            let onDisk = try disk.search(query)
            #expect(!inMemory.isEmpty, "\(query)")
            #expect(inMemory == onDisk, "\(query)")
        }
        let hit = try #require(try disk.search("marsupial", in: "Manual", limit: 5).first)
        #expect(hit.path == "Manual" && hit.page == 2 && hit.section == nil)
        #expect(hit.snippet.rendered(text: { $0 }, match: { "[\($0)]" }).contains("[marsupial]"))
        #expect(try disk.search("quokka", in: "notes.md").map(\.path) == ["notes.md"])
        #expect(try disk.listSources().map(\.id) == ["Manual", "manual-copy", "notes.md"])
    }

    @Test func sources_areReplacedSkippedAndDeleted() throws {
        let scratch = try Scratch()
        let engine = try FolioEngine(path: scratch.path + "/folio.sqlite")
        try Self.ingestSamples(engine, scratch: scratch)
        #expect(try engine.ingest(.text(Self.notes, name: "notes.md")).outcome == .unchanged, "the same content is not read again")
        let changed = try engine.ingest(.text("# Garden\n\nCucumbers instead.\n", name: "notes.md"))
        #expect(changed.outcome == .indexed && changed.chunks == 1)
        #expect(try engine.search("tomatoes").isEmpty)
        #expect(try engine.search("cucumbers").map(\.path) == ["notes.md"])
        #expect(try engine.deleteSource("manual-copy"))
        #expect(try !engine.deleteSource("manual-copy"))
        #expect(try engine.search("installer").map(\.path) == ["Manual"])
        let file = try scratch.write("plain.txt", Data("a file keyed by its path".utf8))
        #expect(try engine.ingest(.file(file)).sourceId == file.standardizedFileURL.path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link.txt", withDestinationPath: file.path)
        #expect(try engine.ingest(.file(URL(fileURLWithPath: scratch.path + "/link.txt"))).outcome == .indexed, "a link named by the caller is read")
    }

    @Test func badInput_isRecordedAndSaysWhy() throws {
        let engine = try FolioEngine.inMemory()
        #expect {
            try engine.ingest(.data(Data([0x00, 0x01, 0xFF, 0x00, 0x7F, 0x00]), fileExtension: "txt"), sourceId: "binary")
        } throws: { error in
            guard case let .unreadable(source, reason) = error as? FolioEngineError else { return false }
            return source == "binary" && reason.contains("binary.txt") && !reason.contains("folio-ingest-")
        }
        #expect(try engine.listSources().map { [$0.id, $0.status.rawValue] } == [["binary", "failed"]])
        #expect(throws: FolioEngineError.self) { try engine.ingest(.data(Data("x".utf8), fileExtension: "xyz"), sourceId: "odd") }
        #expect(throws: FolioEngineError.self) { try engine.ingest(.data(Self.manual, fileExtension: "pdf")) }
        #expect(try engine.search("\"unbalanced AND (").isEmpty, "free text never fails")
    }

    @Test func readOnly_searchesBesideAWriter_andRefusesToWrite() throws {
        let scratch = try Scratch()
        let writer = try FolioEngine(path: scratch.path + "/folio.sqlite")
        try Self.ingestSamples(writer, scratch: scratch)
        let reader = try FolioEngine(path: scratch.path + "/folio.sqlite", readOnly: true)
        #expect(reader.isReadOnly)
        #expect(try reader.search("quokka").count == 3)
        #expect(throws: FolioEngineError.self) { try reader.ingest(.text("more", name: "more.txt")) }
        #expect(throws: FolioEngineError.self) { try reader.deleteSource("Manual") }
        #expect(throws: FolioEngineError.self) { try FolioEngine(path: scratch.path + "/none.sqlite", readOnly: true) }
    }

    /// A Markdown variant whose sections are lines `== Name ==`, read by a loader of the
    /// test's own, and chunked one paragraph per chunk by a chunker of its own.
    struct WikiLoader: DocumentLoader {
        var kind: DocumentKind { .markdown }
        func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
            let text = String(decoding: try file.bytes(), as: UTF8.self)
            var section: String?
            var lines: [TextLine] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("== "), line.hasSuffix(" ==") {
                    section = String(line.dropFirst(3).dropLast(3))
                    lines.append(TextLine(section!, section: section))
                } else {
                    lines.append(TextLine(String(line), section: section))
                }
            }
            return LoadedDocument(kind: kind, title: "Wiki", pages: [Page(number: 1, lines: lines)])
        }
    }

    struct ParagraphChunker: Chunker {
        func chunks(of pages: [Page]) -> [Chunk] {
            var chunks: [Chunk] = []
            var paragraph: [String] = []
            var section: String?
            var page = 1
            func close() {
                if !paragraph.isEmpty {
                    chunks.append(Chunk(ordinal: 99, firstPage: page, lastPage: page, section: section, text: paragraph.joined(separator: " "),
                                        startOffset: 0, endOffset: 0))
                }
                paragraph = []
            }
            for current in pages {
                for line in current.lines {
                    if line.text.isEmpty || line.section != section { close() }
                    section = line.section
                    page = current.number
                    if !line.text.isEmpty, line.text != line.section { paragraph.append(line.text) }
                }
            }
            close()
            return chunks
        }
    }

    @Test func aLoaderAndAChunkerOfOurOwn_indexThroughTheSamePipeline() throws {
        let engine = try FolioEngine.inMemory()
        engine.register(WikiLoader(), forExtensions: ["wiki"])
        engine.use(ParagraphChunker())
        let wiki = "== Plants ==\nFerns like shade.\nThey grow slowly.\n\nCacti like sun.\n== Animals ==\nQuokkas smile.\n"
        let result = try engine.ingest(.text(wiki, name: "garden.wiki"))
        #expect(result == IngestResult(sourceId: "garden.wiki", pages: 1, chunks: 3, outcome: .indexed))
        let source = try #require(try engine.listSources().first)
        #expect(source.kind == .markdown && source.title == "Wiki")
        let ferns = try #require(try engine.search("shade", limit: 5).first)
        #expect(ferns.section == "Plants" && ferns.chunkOrdinal == 0 && ferns.snippet.text == "Ferns like shade. They grow slowly.")
        let quokkas = try #require(try engine.search("smile").first)
        #expect(quokkas.section == "Animals" && quokkas.chunkOrdinal == 2, "the pipeline numbers chunks, whatever the chunker said")
        // Folio's own loaders stay for everything else, with the chunker in use.
        #expect(try engine.ingest(.text("One.\n\nTwo.\n", name: "plain.txt")).chunks == 2)
    }

    @Test func byMeaning_afterUpdateMeaning_withTheRealModel() throws {
        let scratch = try Scratch()
        let engine = try FolioEngine(path: scratch.path + "/folio.sqlite")
        try engine.ingest(.text("Vehicle service invoice: 480 EUR for brake pads and an oil change at our garage.", name: "invoice.txt"))
        try engine.ingest(.text("Recipe: spaghetti with tomato sauce, garlic, basil and parmesan.", name: "recipe.txt"))
        #expect(try engine.search(SearchRequest(query: SearchQuery(parsing: "how much did the car repair cost"), mode: .lexical)).isEmpty)
        #expect(throws: FolioEngineError.self) {
            try engine.search(SearchRequest(query: SearchQuery(parsing: "car repair"), mode: .semantic))
        }
        #expect(try engine.updateMeaning() == 2)
        #expect(try engine.search("how much did the car repair cost", limit: 1).map(\.path) == ["invoice.txt"])
        let semantic = try engine.search(SearchRequest(query: SearchQuery(parsing: "what should I cook tonight"), limit: 1, mode: .semantic))
        #expect(semantic.map(\.path) == ["recipe.txt"])
        #expect(throws: FolioEngineError.self) { try FolioEngine.inMemory().updateMeaning() }
    }
}
