internal import FolioProtocol
internal import FolioCLI
internal import FolioCore
internal import FolioSearch
internal import FolioSemantic
internal import FolioStore
internal import FolioText

/// A search as `folioq` and `folio chat` run it: the index opened, the request built from
/// the options, words and meaning searched, and an index not searchable yet said so.
struct QuerySearch {
    var common: CommonOptions
    var mode: SearchMode
    /// What narrows the search besides `path` and `pages`.
    var filters: SearchFilters
    var path: String?
    var pages: PageRange?
    /// Who says what went wrong: `folioq`, `folio chat`.
    var program = "folioq"

    /// Searches the index (`Searcher`). An index not searchable yet is "nothing found"
    /// (`ExitStatus.nothing`) with the reason on standard error; any other failure is an
    /// error. `configuration`: one the caller has read already (else it is read when the
    /// search needs the query's meaning).
    func run(_ text: String, limit: Int, allChunks: Bool, snippetWords: Int,
             configuration: FolioConfiguration? = nil) throws -> FolioQuery.Search {
        let found: FolioQuery.Search? = try reading { reader throws(StoreError) in
            var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit, allChunks: allChunks,
                                        snippetWords: snippetWords, mode: mode)
            request.filters = filters
            if let path {
                let absolute = AbsolutePath.normalise(common.paths.expandingTilde(path), relativeTo: Environment.currentDirectory)
                if let pages {
                    request.scope = .document(absolute)
                    request.pages = pages.range
                } else {
                    request.scope = .tree(absolute)
                }
            }
            if request.pages != nil, try reader.documents(in: request.scope).count != 1 { return nil }
            let results = try Searcher(index: reader, meaning: meaningSearch(for: request, configuration: configuration)).search(request)
            if let reason = results.meaningUnavailable { Output.error("\(program): searching by words only: \(reason)\n") }
            return FolioQuery.Search(reader: reader, request: request, results: results)
        }
        guard let found else {
            Output.error("\(program): --pages needs --path to name one indexed document; \(path ?? "") is not one\n")
            throw ExitStatus.error
        }
        return found
    }

    /// `body` given the index opened for reading. Nothing to search yet
    /// (`IndexAvailability`: nothing indexed, being created or upgraded, damaged and being
    /// rebuilt) is "nothing found" (`ExitStatus.nothing`) with the reason on standard
    /// error, not an error of the query; a missing `--db` names a file that is not there,
    /// which is, as is any other failure.
    func reading<Result>(_ body: (IndexReader) throws(StoreError) -> Result) throws -> Result {
        do throws(StoreError) {
            return try body(IndexReader(path: common.databasePath))
        } catch {
            guard let state = IndexAvailability(error), common.db == nil || state != .missing(path: state.path) else {
                throw ExitStatus.fail(program, error)
            }
            Output.error("\(program): " + state.message(keptByRunningDaemon: daemonDatabase() == state.path) + "\n")
            throw ExitStatus.nothing
        }
    }

    /// The index the running foliod keeps, if one answers: one daemon serves a user's
    /// runtime folder, whatever index a query names (`XDG_DATA_HOME`, `--db`).
    private func daemonDatabase() -> String? {
        ControlClient.status(socketPath: common.paths.controlSocket)?.database
    }

    /// Where the query's meaning comes from, when the mode and the query call for it: `nil`
    /// when the search is by words only (a line on standard error says why, when the
    /// configuration cannot be read).
    private func meaningSearch(for request: SearchRequest, configuration known: FolioConfiguration?) -> MeaningSearch? {
        guard mode != .lexical, !request.query.asksForExactWords else { return nil }
        let configuration: FolioConfiguration
        do {
            configuration = try known ?? common.configuration()
        } catch {
            Output.error("\(program): searching by words only: \(error)\n")
            return nil
        }
        return MeaningSearch(configuration: configuration, paths: common.paths, databasePath: common.databasePath,
                             environment: Environment.variables, embedderProgram: common.embedderProgram)
    }
}

