internal import ArgumentParser
internal import FolioAsk
internal import FolioCLI
internal import FolioCore
internal import FolioHTTP
internal import FolioLaunch
internal import FolioSearch
internal import FolioStore
internal import FolioSystem

extension FolioQuery {
    /// `folioq --ask`: the best passages for the question (the same search, every chunk
    /// rather than one per document), as many as the model's context holds, the answer
    /// streamed with its citations checked, then the passages it cites.
    func answer(_ question: String) throws {
        let started = MonotonicClock.seconds()
        let configuration: FolioConfiguration
        do {
            configuration = try common.configuration()
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let options = configuration.ask
        let client: ChatClient
        do {
            client = try ChatClient(options: options, keyFile: options.apiKeyFile.isEmpty ? "" : common.paths.expandingTilde(options.apiKeyFile),
                                    environment: Environment.variables)
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let searching = MonotonicClock.seconds()
        let found = try search(question, filters: filtered(now: FilterValues.now()).filters, limit: options.passages * 3, allChunks: true, snippetWords: 0, configuration: configuration)
        let (reader, request, hits) = (found.reader, found.request, found.results.hits)
        let contents: [ChunkContent?]
        do {
            contents = try reader.chunkContents(of: hits)
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let retrieval = MonotonicClock.milliseconds(since: searching)
        let output = json ? Format.json : format
        let printer = AnswerPrinter(colour: Output.colourOnStandardOutput, home: common.paths.home, streaming: output != .json,
                                    status: Output.standardErrorIsTerminal && output != .json)
        HTTPClient.stopRequestsOnInterrupt()
        // Meaning is weighed only to be reported (check.similarity): it decides nothing.
        let judge = weighMeaning ? EmbedderJudge(socket: common.paths.embedderSocket, databasePath: common.databasePath, hits: hits, contents: contents) : nil
        let session = AnswerSession(question: question, options: options, mode: found.results.mode, pages: request.pages, client: client, judge: judge)
        let record: Answer
        do {
            record = try session.run(hits: hits, contents: contents, started: started, retrieval: retrieval) { event in
                switch event {
                case let .waiting(model, passages, tokens): printer.waiting(model: model, passages: passages, tokens: tokens)
                case let .pieces(pieces): printer.show(pieces)
                case let .askingAgain(counted, window):
                    Output.error("folioq: the server counts this prompt at \(counted) tokens, over its \(window): asking again with fewer passages\n")
                }
            }
        } catch .interrupted {
            printer.interrupted()
            throw ExitCode(130)
        } catch {
            printer.failed()
            throw ExitStatus.fail("folioq", error)
        }
        if record.status == .nothingRelevant {
            if output == .json { Output.standard(AnswerJSON.render(record, opener: nil)) } else {
                Output.error("folioq: nothing in the index matches the question; no model was asked\n")
            }
            throw ExitStatus.nothing
        }
        switch output {
        case .json: Output.standard(AnswerJSON.render(record, opener: Opener(options: configuration.open).command(path:page:kind:)))
        case .human, .paths: printer.finish(record)
        }
        if record.status != .answered { throw ExitStatus.nothing }
    }
}
