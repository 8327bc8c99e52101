public import ArgumentParser
internal import FolioCLI
public import FolioCore
internal import FolioStore
internal import FolioText
internal import FolioSemantic
internal import FolioSearch

/// `folioq`: search the index from a terminal or a script.
public struct FolioQuery: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folioq",
        abstract: "Search the documents Folio has indexed.",
        discussion: """
            Words are all required; documents with only some of them follow those with all.
            "exact phrase"   words in this order      prefix*   words that start so
            -word            leave out what has it    a OR b    either word
            Once the index has vectors ([embeddings]), results are found by words and by \
            meaning together (--mode hybrid); a phrase or a prefix keeps to the words.
            --ask gives the best passages to a language model ([ask]: Ollama, an \
            OpenAI-compatible server or Anthropic), streams its answer, and lists the \
            passages it cites by file and page.
            Exit status: 0 results found (or answered), 1 none (or the documents do not \
            hold the answer), 2 error.
            """)

    public init() {}

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case human, json, paths
    }

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "The most results to show.")
    var limit = 10

    @Option(name: .long, help: ArgumentHelp("Only documents under this folder (or this file).", valueName: "prefix"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("Only documents of this type: \(DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "type"))
    var type: [DocumentKind] = []

    @Option(name: .long, help: ArgumentHelp("Only these pages of the one document --path names: 1-120, or 7.", valueName: "first-last"))
    var pages: PageRange?

    @Option(name: .long, help: ArgumentHelp("Only files whose name matches this pattern: * any characters, ? one, [abc] one of these; case does not matter. With no words to search for: the files so named, the most recently modified first.",
                                          valueName: "glob"))
    var name: String?

    @Flag(name: .long, help: "Every matching chunk, not only the best of each document.")
    var allChunks = false

    @Option(name: .long, help: "human (default on a terminal), json, or paths (one per line).")
    var format: Format = .human

    @Flag(name: .long, help: "Same as --format json.")
    var json = false

    @Option(name: .long, help: "hybrid (default: words and meaning), lexical (words only) or semantic (meaning only).")
    var mode: SearchMode = .hybrid

    @Flag(name: .long, help: "Show how each result was ranked: its rank by words, by meaning, and the fused score.")
    var explain = false

    @Flag(name: .long, help: "Answer the question from the documents, citing each passage used by file and page ([ask] in the configuration).")
    var ask = false

    @Flag(name: .long, help: "With --ask --json: weigh each citation its words do not bear out by meaning too (the embedder), as check.similarity; it decides nothing, and adds tens of milliseconds.")
    var weighMeaning = false

    @Option(name: .long, help: ArgumentHelp("Show the mail thread of a message, in order: its path as results give it (a mailbox's messages as Inbox.mbox//42).",
                                          valueName: "path"))
    var thread: String?

    @Argument(help: "What to search for, or the question to answer (--ask).")
    var query: [String] = []

    public func validate() throws {
        if thread != nil {
            if !query.isEmpty || ask { throw ValidationError("--thread shows a thread: it takes no query and no --ask") }
            return
        }
        if let name, NamePattern(name) == nil {
            throw ValidationError("--name matches a file's name, which has no '/' and is not empty; --path narrows by folder")
        }
        if query.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
            guard name != nil, !ask else { throw ValidationError("give something to search for") }
        }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
        if pages != nil, path == nil { throw ValidationError("--pages needs --path naming one document") }
        if ask, explain || allChunks || format == .paths {
            throw ValidationError("--ask answers in words: it takes no --explain, --all-chunks or --format paths")
        }
        if weighMeaning, !ask || !(json || format == .json) { throw ValidationError("--weigh-meaning goes with --ask --json") }
    }

    public func run() throws {
        if let thread { return try showThread(thread) }
        let text = query.joined(separator: " ")
        if ask { return try answer(text) }
        let output = json ? .json : format
        if let name, text.allSatisfy(\.isWhitespace) { return try listFiles(named: NamePattern(name)!, output: output) }
        let found = try search(text, limit: limit, allChunks: allChunks, snippetWords: output == .paths ? 0 : 24)
        let results = found.results
        let home = common.paths.home
        let mail = results.hits.filter { $0.kind == .mail }.map(\.path)
        let threads = output == .paths || mail.isEmpty ? [:] : (try? found.reader.mailThreads(of: mail)) ?? [:]
        switch output {
        case .human:
            var printer = ResultPrinter(colour: Output.colourOnStandardOutput, home: home, explain: explain)
            printer.threads = threads
            Output.standard(printer.heading(results, query: text) + printer.render(results.hits))
        case .json: Output.standard(JSONResults.render(query: text, results: results, threads: threads))
        case .paths: Output.standard(results.hits.map { $0.path + "\n" }.joined())
        }
        // Nothing found is said by the exit status alone, as grep does (`--json` has the
        // words no document holds).
        if results.hits.isEmpty { throw ExitStatus.nothing }
    }

    /// A search as run: the reader it read (for what else the caller reads), the request,
    /// and its results.
    struct Search {
        var reader: IndexReader
        var request: SearchRequest
        var results: SearchResults
    }

    /// Searches the index with the options given (`Searcher`, `QuerySearch`).
    func search(_ text: String, limit: Int, allChunks: Bool, snippetWords: Int,
                configuration: FolioConfiguration? = nil) throws -> Search {
        try QuerySearch(common: common, mode: mode, kinds: type, path: path, pages: pages, name: name.flatMap(NamePattern.init))
            .run(text, limit: limit, allChunks: allChunks, snippetWords: snippetWords, configuration: configuration)
    }
}

/// `--pages 1-120` or `--pages 7`.
struct PageRange: ExpressibleByArgument {
    var range: ClosedRange<Int>

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingWhitespace()) }
        switch parts.count {
        case 1:
            guard let page = parts[0], page >= 1 else { return nil }
            range = page...page
        case 2:
            guard let first = parts[0], let last = parts[1], first >= 1, last >= first else { return nil }
            range = first...last
        default:
            return nil
        }
    }
}

extension DocumentKind: ExpressibleByArgument {}

extension SearchMode: ExpressibleByArgument {}
