internal import ArgumentParser
internal import FolioAsk
internal import FolioCLI
internal import FolioCore
internal import FolioHTTP
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
        let found = try search(question, limit: options.passages * 3, allChunks: true, snippetWords: 0, configuration: configuration)
        let (reader, request, hits) = (found.reader, found.request, found.results.hits)
        let contents: [ChunkContent?]
        do {
            contents = try reader.chunkContents(of: hits)
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let retrieval = Self.milliseconds(since: searching)
        let budget = ContextBudget(contextTokens: options.effectiveContextTokens, answerTokens: options.answerTokens, maximumPassages: options.passages)
        let passages: [Passage]
        do {
            passages = try budget.passages(hits, texts: contents, question: question, pages: request.pages)
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        let prompt = AskPrompt(question: question, passages: passages)
        var record = Answer(question: question, options: options, mode: found.results.mode, prompt: prompt)
        record.timings.folio = Self.milliseconds(since: started)
        record.timings.retrieval = retrieval
        let output = json ? Format.json : format
        guard !passages.isEmpty else {
            record.status = .nothingRelevant
            if output == .json { Output.standard(JSONAnswer.render(record, opener: nil)) } else {
                Output.error("folioq: nothing in the index matches the question; no model was asked\n")
            }
            throw ExitStatus.nothing
        }

        let printer = AnswerPrinter(colour: Output.colourOnStandardOutput, home: common.paths.home, streaming: output != .json,
                                    status: Output.standardErrorIsTerminal && output != .json)
        var citations = CitationReader(passages: passages)
        HTTPClient.stopRequestsOnInterrupt()
        printer.waiting(model: options.effectiveModel.isEmpty ? options.provider.displayName : options.effectiveModel, passages: passages.count,
                        tokens: prompt.estimatedTokens)
        do {
            let outcome = try client.answer(prompt, onText: { text in
                let pieces = citations.add(text)
                record.add(pieces)
                printer.show(pieces)
            }, onQuote: { number, quote in record.addQuote(quote, of: number) })
            let rest = citations.finish()
            record.add(rest)
            printer.show(rest)
            record.finish(outcome, citations: citations.citations, total: Self.milliseconds(since: started))
        } catch .interrupted {
            printer.interrupted()
            throw ExitCode(130)
        } catch {
            printer.failed()
            throw ExitStatus.fail("folioq", error)
        }
        switch output {
        case .json: Output.standard(JSONAnswer.render(record, opener: configuration.open))
        case .human, .paths: printer.finish(record)
        }
        if record.status != .answered { throw ExitStatus.nothing }
    }

    static func milliseconds(since start: Double) -> Double {
        (MonotonicClock.seconds() - start) * 1000
    }
}
