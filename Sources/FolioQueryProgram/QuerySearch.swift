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
    var kinds: [DocumentKind]
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
        let found: FolioQuery.Search?
        do throws(StoreError) {
            let reader = try IndexReader(path: common.databasePath)
            var request = SearchRequest(query: SearchQuery(parsing: text), limit: limit, kinds: Set(kinds), allChunks: allChunks,
                                        snippetWords: snippetWords, mode: mode)
            if let path {
                let absolute = AbsolutePath.normalise(common.paths.expandingTilde(path), relativeTo: Environment.currentDirectory)
                if let pages {
                    request.scope = .document(absolute)
                    request.pages = pages.range
                } else {
                    request.scope = .tree(absolute)
                }
            }
            if request.pages != nil, try reader.documents(in: request.scope).count != 1 {
                found = nil
            } else {
                let results = try Searcher(index: reader, meaning: meaningSearch(for: request, configuration: configuration)).search(request)
                if let reason = results.meaningUnavailable { Output.error("\(program): searching by words only: \(reason)\n") }
                found = FolioQuery.Search(reader: reader, request: request, results: results)
            }
        } catch .schemaTooOld(let path) {
            // foliod is creating or upgrading the index (or an older Folio left it): there is
            // nothing to search yet, which is not an error of the query.
            Output.error("\(program): the index at \(path) is being created or upgraded; nothing is searchable yet "
                + "(if foliod is not running, `folioctl index` upgrades it)\n")
            throw ExitStatus.nothing
        } catch .damaged(let path, _, _) {
            // Noted beside the index (`DamageMarker`): foliod rebuilds it.
            let rebuilding = daemonDatabase() == path ? "foliod is rebuilding it" : "foliod rebuilds it when it starts (systemctl --user start foliod)"
            Output.error("\(program): the index at \(path) is damaged; \(rebuilding) from your files, keeping the recognised text and vectors that still read; "
                + "nothing is searchable until then\n")
            throw ExitStatus.nothing
        } catch .diskFull(let path, _) where DamageMarker.found(path: path) != nil {
            // A rebuild waiting for space (foliod says so in `folioctl status`).
            Output.error("\(program): the index at \(path) is damaged, and the disk holding it is too full to rebuild it: free some space there, "
                + "and foliod rebuilds it by itself; nothing is searchable until then\n")
            throw ExitStatus.nothing
        } catch .missing(let path) where common.db == nil {
            // The first moments of a first start, or before one: nothing indexed is not an
            // error of the query (a foliod starting may not answer yet). A missing `--db`
            // names a file that is not there, which is.
            if daemonDatabase() == path {
                Output.error("\(program): foliod is creating the index at \(path); nothing is searchable yet\n")
            } else {
                Output.error("\(program): nothing is indexed yet (no index at \(path)); start foliod (systemctl --user start foliod) "
                    + "or index a folder (folioctl index ~/Documents)\n")
            }
            throw ExitStatus.nothing
        } catch {
            throw ExitStatus.fail(program, error)
        }
        guard let found else {
            Output.error("\(program): --pages needs --path to name one indexed document; \(path ?? "") is not one\n")
            throw ExitStatus.error
        }
        return found
    }

    /// The index the running foliod keeps, if one answers: one daemon serves a user's
    /// runtime folder, whatever index a query names (`XDG_DATA_HOME`, `--db`).
    private func daemonDatabase() -> String? {
        guard case let .status(status) = try? ControlClient(socketPath: common.paths.controlSocket).send(.status) else { return nil }
        return status.database
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

