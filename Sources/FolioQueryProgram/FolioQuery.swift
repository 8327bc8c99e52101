public import ArgumentParser
internal import FolioCLI
public import FolioCore
internal import FolioStore
internal import FolioText

/// `folioq`: search the index from a terminal or a script.
public struct FolioQuery: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folioq",
        abstract: "Search the documents Folio has indexed.",
        discussion: """
            Words are all required; documents with only some of them follow those with all.
            "exact phrase"   words in this order      prefix*   words that start so
            -word            leave out what has it    a OR b    either word
            Exit status: 0 results found, 1 none, 2 error.
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

    @Flag(name: .long, help: "Every matching chunk, not only the best of each document.")
    var allChunks = false

    @Option(name: .long, help: "human (default on a terminal), json, or paths (one per line).")
    var format: Format = .human

    @Flag(name: .long, help: "Same as --format json.")
    var json = false

    @Argument(help: "What to search for.")
    var query: [String] = []

    public func validate() throws {
        if query.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { throw ValidationError("give something to search for") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    public func run() throws {
        let text = query.joined(separator: " ")
        let output = json ? .json : format
        let hits: [SearchHit]
        do throws(StoreError) {
            let reader = try IndexReader(path: common.databasePath)
            var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit, kinds: Set(type), allChunks: allChunks,
                                        snippetWords: output == .paths ? 0 : 24)
            if let path {
                let absolute = AbsolutePath.normalise(common.paths.expandingTilde(path), relativeTo: Environment.currentDirectory)
                request.scope = .tree(absolute)
            }
            hits = try reader.search(request)
        } catch .schemaTooOld(let path) {
            // foliod is creating or upgrading the index (or an older Folio left it): there is
            // nothing to search yet, which is not an error of the query.
            Output.error("folioq: the index at \(path) is being created or upgraded; nothing is searchable yet "
                + "(if foliod is not running, `folioctl index` upgrades it)\n")
            throw ExitStatus.nothing
        } catch .missing(let path) where (try? ControlClient(socketPath: common.paths.controlSocket).send(.status)) != nil {
            Output.error("folioq: foliod is creating the index at \(path); nothing is searchable yet\n")
            throw ExitStatus.nothing
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let home = common.paths.home
        switch output {
        case .human: Output.standard(ResultPrinter(colour: Output.colourOnStandardOutput, home: home).render(hits))
        case .json: Output.standard(JSONResults.render(query: text, hits: hits))
        case .paths: Output.standard(hits.map { $0.path + "\n" }.joined())
        }
        if hits.isEmpty { throw ExitStatus.nothing }
    }
}

extension DocumentKind: ExpressibleByArgument {}
