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
            Fields narrow the search as the options of the same names do, e.g. \
            invoice after:2023-01 from:anna:
            after:DATE  before:DATE  date:DATE  since:AGE  size:>10M  type:pdf  ext:xls,ods \
            dir:FOLDER  name:GLOB  author:TEXT  from:TEXT  to:TEXT (a value with spaces in quotes: \
            from:"Anna Berg"). A date is 2023, 2023-03, 2023-03-15, today or yesterday (local \
            time); after: keeps that day (month, year) and later, before: what is earlier. An \
            age is 3h, 2d, 2w, 6m or 1y. dir: is a folder from / or ~ (as --path), or a \
            folder's name found anywhere (dir:receipts). A message's date is when it was sent; any other \
            document's, when its file was modified. With fields or --name and no words: the \
            documents they allow, the newest first.
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

    @Option(name: .long, help: ArgumentHelp("Only documents modified (a message: sent) on this date or later: 2023, 2023-03, 2023-03-15, today, yesterday.",
                                          valueName: "date"))
    var after: String?

    @Option(name: .long, help: ArgumentHelp("Only documents modified (a message: sent) before this date.", valueName: "date"))
    var before: String?

    @Option(name: .long, help: ArgumentHelp("Only documents modified (a message: sent) within this date.", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Only documents modified (a message: sent) in the last 3h, 2d, 2w, 6m or 1y.", valueName: "age"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only files of this size: >10M, >=1G, <500k, <=2M or 1M-5M (k, M, G: units of 1,024).", valueName: "size"))
    var size: String?

    @Option(name: .long, help: ArgumentHelp("Only files with this extension (pdf, or pdf,docx); may be given again.", valueName: "ext"))
    var ext: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only documents whose author (a book's, an office document's) holds this text.", valueName: "text"))
    var author: String?

    @Option(name: .long, help: ArgumentHelp("Only messages whose sender holds this text (a name, an address).", valueName: "text"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Only messages to (or copied to) someone whose name or address holds this text.", valueName: "text"))
    var to: String?

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
        let (text, filters): (String, SearchFilters)
        do {
            (text, filters) = try filtered(now: FilterValues.now())
        } catch {
            throw ValidationError(error.description)
        }
        if text.allSatisfy(\.isWhitespace) {
            guard filters.narrowsBeyondScope, !ask else { throw ValidationError("give something to search for") }
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
        if ask { return try answer(query.joined(separator: " ")) }
        let output = json ? .json : format
        let (text, filters) = try filtered(now: FilterValues.now())
        if text.allSatisfy(\.isWhitespace) { return try listFiles(matching: filters, output: output) }
        let found = try search(text, filters: filters, limit: limit, allChunks: allChunks, snippetWords: output == .paths ? 0 : 24)
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

    /// Searches the index with the options given (`Searcher`, `QuerySearch`), narrowed by
    /// `filters` (`filtered(now:)`).
    func search(_ text: String, filters: SearchFilters, limit: Int, allChunks: Bool, snippetWords: Int,
                configuration: FolioConfiguration? = nil) throws -> Search {
        try QuerySearch(common: common, mode: mode, filters: filters, path: path, pages: pages)
            .run(text, limit: limit, allChunks: allChunks, snippetWords: snippetWords, configuration: configuration)
    }

    /// The words to search for, without the query's fields, and the filters of the options
    /// and the fields together (`FilterSyntax`). A question (`--ask`) keeps its text whole:
    /// `ratio:` in a sentence is not a field.
    func filtered(now: Int64) throws(FilterError) -> (text: String, filters: SearchFilters) {
        var filters = SearchFilters(kinds: Set(type))
        let options = [("name", name), ("after", after), ("before", before), ("date", date), ("since", since), ("size", size),
                       ("author", author), ("from", from), ("to", to)] + ext.map { ("ext", $0) }
        for case let (field, value?) in options { try filters.add(field: field, value: value, now: now) }
        let text = query.joined(separator: " ")
        return (ask ? text : try FilterSyntax.extract(text, into: &filters, now: now), filters)
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
