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
        let output = json ? Format.json : format
        let printer = AnswerPrinter(colour: Output.colourOnStandardOutput, home: common.paths.home, streaming: output != .json,
                                    status: Output.standardErrorIsTerminal && output != .json)
        HTTPClient.stopRequestsOnInterrupt()
        var contextTokens = options.effectiveContextTokens
        var record: Answer
        while true {
            let budget = ContextBudget(contextTokens: contextTokens, answerTokens: options.answerTokens, maximumPassages: options.passages)
            let passages: [Passage]
            do {
                passages = try budget.passages(hits, texts: contents, question: question, pages: request.pages)
            } catch {
                throw ExitStatus.fail("folioq", error)
            }
            let prompt = AskPrompt(question: question, passages: passages)
            record = Answer(question: question, options: options, mode: found.results.mode, prompt: prompt)
            record.timings.folio = Self.milliseconds(since: started)
            record.timings.retrieval = retrieval
            guard !passages.isEmpty else {
                record.status = .nothingRelevant
                if output == .json { Output.standard(JSONAnswer.render(record, opener: nil)) } else {
                    Output.error("folioq: nothing in the index matches the question; no model was asked\n")
                }
                throw ExitStatus.nothing
            }
            var citations = CitationReader(passages: passages)
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
                break
            } catch .interrupted {
                printer.interrupted()
                throw ExitCode(130)
            } catch let .contextRefused(_, _, counted?, window?)
                        where contextTokens == options.effectiveContextTokens && counted > window && window > options.answerTokens + ContextBudget.leastRoom {
                // Folio's estimate of the prompt fell short of the server's own count (a
                // tokenizer that splits this text finer): asked once more, with the passages
                // cut by the ratio of the two counts.
                let room = Double(window - options.answerTokens) * Double(prompt.estimatedTokens) / Double(counted) * 0.97
                contextTokens = options.answerTokens + Int(room)
                Output.error("folioq: the server counts this prompt at \(counted) tokens, over its \(window): asking again with fewer passages\n")
            } catch {
                printer.failed()
                throw ExitStatus.fail("folioq", error)
            }
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
