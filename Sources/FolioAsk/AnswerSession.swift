public import FolioCore
public import FolioStore
internal import FolioSystem

/// One question answered from the passages a search found: as many as the model's context
/// holds (`ContextBudget`), the answer streamed with its citations read as they come
/// (`CitationReader`), then checked (`Answer.finish`). What `folioq --ask` and `folio ui`
/// both run; each shows the events its own way.
public struct AnswerSession {
    public var question: String
    public var options: AskOptions
    /// The search's mode, as the answer reports it.
    public var mode: SearchMode
    /// The `--pages` scope the passages keep to.
    public var pages: ClosedRange<Int>?
    public var client: ChatClient
    public var judge: (any MeaningJudge)?
    /// The conversation's earlier turns (`folio chat`); none for `folioq --ask`.
    public var history: [AskPrompt.Exchange]

    public init(question: String, options: AskOptions, mode: SearchMode, pages: ClosedRange<Int>?, client: ChatClient, judge: (any MeaningJudge)?,
                history: [AskPrompt.Exchange] = []) {
        self.history = history
        self.question = question
        self.options = options
        self.mode = mode
        self.pages = pages
        self.client = client
        self.judge = judge
    }

    public enum Event {
        /// The prompt is sent; the model is being waited for.
        case waiting(model: String, passages: Int, tokens: Int)
        /// A piece of the answer: text, and citations read whole.
        case pieces([CitationReader.Piece])
        /// The server counted the prompt at `counted` tokens, over its `window`: asked again
        /// with fewer passages.
        case askingAgain(counted: Int, window: Int)
    }

    /// The answer to `question` from `hits` (with their chunks' texts, in the same order).
    /// `started`: when the question's handling began (`MonotonicClock.seconds()`), for
    /// Folio's part of the timings; `retrieval`: the search's milliseconds. No passage to
    /// send is an answer `nothingRelevant`, and no model is asked.
    public func run(hits: [SearchHit], contents: [ChunkContent?], started: Double, retrieval: Double,
                    events: (Event) -> Void) throws(AskError) -> Answer {
        var contextTokens = options.effectiveContextTokens
        while true {
            let budget = ContextBudget(contextTokens: contextTokens, answerTokens: options.answerTokens, maximumPassages: options.passages)
            let passages = try budget.passages(hits, texts: contents, question: question, pages: pages, history: history)
            let prompt = AskPrompt(question: question, passages: passages, quotes: options.quotes, history: history)
            var record = Answer(question: question, options: options, mode: mode, prompt: prompt)
            record.timings.folio = MonotonicClock.milliseconds(since: started)
            record.timings.retrieval = retrieval
            guard !passages.isEmpty else {
                record.status = .nothingRelevant
                return record
            }
            var citations = CitationReader(passages: passages)
            events(.waiting(model: options.effectiveModel.isEmpty ? options.provider.displayName : options.effectiveModel, passages: passages.count,
                            tokens: prompt.estimatedTokens))
            do {
                let outcome = try client.answer(prompt, onText: { text in
                    let pieces = citations.add(text)
                    record.add(pieces)
                    events(.pieces(pieces))
                }, onQuote: { number, quote in record.addQuote(quote, of: number) })
                let rest = citations.finish()
                record.add(rest)
                events(.pieces(rest))
                record.finish(outcome, citations: citations.citations, total: MonotonicClock.milliseconds(since: started), judge: judge)
                return record
            } catch let .contextRefused(_, _, counted?, window?)
                        where contextTokens == options.effectiveContextTokens && counted > window && window > options.answerTokens + ContextBudget.leastRoom {
                // Folio's estimate of the prompt fell short of the server's own count (a
                // tokenizer that splits this text finer): asked once more, with the passages
                // cut by the ratio of the two counts.
                let room = Double(window - options.answerTokens) * Double(prompt.estimatedTokens) / Double(counted) * 0.97
                contextTokens = options.answerTokens + Int(room)
                events(.askingAgain(counted: counted, window: window))
            }
        }
    }
}
