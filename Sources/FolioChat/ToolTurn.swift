public import FolioAsk
public import FolioCore
public import FolioStore
internal import FolioSystem

/// A question answered by a model that may look further itself: it is sent the passages
/// the search found (as `AnswerSession` sends them, in part of the context) and Folio's
/// `search`, `read` and `thread` tools (`PassageTools`: FolioTools' `FolioToolbox`, as
/// `folio mcp` offers them); each passage a
/// call returns is numbered after those already given, so that every passage the answer
/// cites is checked as `folioq --ask` checks it. The calls only read the index, and are
/// bounded: rounds per turn (`[ask] tool_steps`), passages in all (`tool_passages`), and
/// the context's room. A call of a tool that does not exist, with wrong arguments, or
/// made before, is answered with the error; past the rounds, the model is asked to
/// answer from what it has, and the answer says so.
public struct ToolTurn {
    public var question: String
    public var options: AskOptions
    public var mode: SearchMode
    public var client: ChatClient
    public var toolbox: any PassageTools
    public var history: [AskPrompt.Exchange]

    public init(question: String, options: AskOptions, mode: SearchMode, client: ChatClient, toolbox: any PassageTools, history: [AskPrompt.Exchange]) {
        self.question = question
        self.options = options
        self.mode = mode
        self.client = client
        self.toolbox = toolbox
        self.history = history
    }

    public enum Event {
        /// A round's request is sent: the model is being waited for.
        case waiting(model: String, passages: Int, tokens: Int)
        case pieces([CitationReader.Piece])
        /// A call ran: the passages it gave (their numbers), or why it gave none.
        case called(ToolCallRecord)
    }

    /// What came of a turn with tools: the answer (checked against every passage given,
    /// first or by a call), each call, and why the look-ups stopped short, if they did.
    public struct Outcome {
        public var answer: Answer
        public var calls: [ToolCallRecord]
        public var cut: String?
    }

    /// The share of the room for passages kept for what the calls return; the rest is the
    /// search's first passages'. A model that calls no tool answers from those alone, so
    /// they are not cut by much (docs/benchmarks.md, "Conversations").
    static let keptForCalls = 0.25

    static func instructions(quotes: Bool) -> String {
        AskPrompt.instructions(quotes: quotes) + """

            - The passages given may not hold the answer: then call the tools. `search` finds more \
            passages (by words and meaning); `read` gives a passage's neighbours (its path and chunk). \
            Every passage a tool returns is numbered like those given: cite it by its number. Each \
            passage's heading gives the path and chunk `read` takes.
            - Answer as soon as the passages hold the answer; do not call a tool twice the same way.
            """
    }

    /// Runs the turn from the search's `hits` (with their chunks' texts). `started`: when
    /// the turn began; Folio's part of its time is what is not spent waiting for the model.
    public func run(hits: [SearchHit], contents: [ChunkContent?], started: Double, retrieval: Double,
                    events: (Event) -> Void) throws(AskError) -> Outcome {
        let contextTokens = options.effectiveContextTokens
        // Part of the room for passages is kept for what the calls return (`keptForCalls`).
        let fixed = TokenEstimate.tokens(in: Self.instructions(quotes: options.quotes)) + TokenEstimate.tokens(in: question) + 64
            + AskPrompt.historyTokens(history)
        let room = contextTokens - options.answerTokens - fixed
        let budget = ContextBudget(contextTokens: contextTokens - max(0, Int(Double(room) * Self.keptForCalls)), answerTokens: options.answerTokens, maximumPassages: options.passages)
        var passages = hits.isEmpty ? [] : try budget.passages(hits, texts: contents, question: question, pages: nil, history: history)
        let message = AskPrompt(question: question, passages: passages, quotes: options.quotes, history: history).message(locating: true)
        let system = Self.instructions(quotes: options.quotes)
        var tokens = TokenEstimate.tokens(in: system) + TokenEstimate.tokens(in: message) + 32 + AskPrompt.historyTokens(history)
        var steps: [ToolStep] = []
        var records: [ToolCallRecord] = []
        var record = Answer(question: question, options: options, mode: mode, prompt: AskPrompt(question: question, passages: passages, quotes: options.quotes))
        var citations: [Citation] = []
        var waited = 0.0
        var cut: String?
        var outcome = ChatClient.Outcome()
        let model = options.effectiveModel.isEmpty ? options.provider.displayName : options.effectiveModel
        for round in 0...options.toolSteps {
            let offered = round < options.toolSteps ? toolbox.specs : []
            var reader = CitationReader(passages: passages)
            var text = ""
            events(.waiting(model: model, passages: passages.count, tokens: tokens))
            let asked = MonotonicClock.seconds()
            outcome = try client.step(system: system, history: history, message: message, steps: steps, tools: offered) { piece in
                text += piece
                let pieces = reader.add(piece)
                record.add(pieces)
                events(.pieces(pieces))
            }
            waited += MonotonicClock.seconds() - asked
            let rest = reader.finish()
            record.add(rest)
            events(.pieces(rest))
            citations += reader.citations
            guard !outcome.toolCalls.isEmpty, !offered.isEmpty else { break }
            var results: [String] = []
            for call in outcome.toolCalls {
                let (result, call) = run(call, passages: &passages, tokens: &tokens, earlier: records, room: contextTokens - options.answerTokens)
                results.append(result)
                records.append(call)
                events(.called(call))
            }
            steps.append(ToolStep(text: text, calls: outcome.toolCalls, results: results))
            if round + 1 == options.toolSteps {
                cut = "the look-ups were cut at [ask] tool_steps = \(options.toolSteps); the model answered from what it had"
            }
        }
        record.prompt = AskPrompt(question: question, passages: passages, quotes: options.quotes, history: history)
        let total = MonotonicClock.milliseconds(since: started)
        record.timings.folio = total - waited * 1000
        record.timings.retrieval = retrieval
        record.finish(outcome, citations: citations, total: total)
        return Outcome(answer: record, calls: records, cut: cut)
    }

    /// One call run: its result as the model reads it, and its record. New passages are
    /// numbered after `passages` and added to them, within the limits.
    private func run(_ call: ToolCall, passages: inout [Passage], tokens: inout Int, earlier: [ToolCallRecord],
                     room: Int) -> (String, ToolCallRecord) {
        var record = ToolCallRecord(name: call.name, arguments: call.arguments, passages: [], error: nil)
        func failed(_ reason: String) -> (String, ToolCallRecord) {
            record.error = reason
            return ("Error: " + reason, record)
        }
        guard toolbox.specs.contains(where: { $0.name == call.name }) else {
            let names = toolbox.specs.map(\.name)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
            return failed("no tool named \(call.name): the tools are \(list)")
        }
        guard let parsed = JSONValue(parsing: call.arguments.isEmpty ? "{}" : call.arguments), let arguments = parsed.objectValue else {
            return failed("\(call.name): the arguments are not a JSON object: \(call.arguments.prefix(200))")
        }
        if let same = earlier.first(where: { $0.name == call.name && JSONValue(parsing: $0.arguments) == parsed && $0.error == nil }) {
            return failed("\(call.name) was called with these arguments already; it gave passages \(same.passages.map(String.init).joined(separator: ", "))")
        }
        let left = options.toolPassages - earlier.reduce(0) { $0 + $1.passages.count }
        guard left > 0 else { return failed("no more passages can be given in this turn ([ask] tool_passages); answer from those given") }
        let found: [Passage]
        let note: String?
        do {
            (found, note) = try toolbox.passages(call.name, arguments: arguments, limit: left)
        } catch {
            return failed("\(error)")
        }
        var blocks: [String] = []
        for item in found {
            if let given = passages.first(where: { $0.path == item.path && $0.chunk == item.chunk }) {
                blocks.append("[\(given.number)] (given already)")
                continue
            }
            var passage = item
            passage.number = passages.count + 1
            passage.rank = passage.number
            let block = AskPrompt.block(passage, locating: true)
            let cost = TokenEstimate.tokens(in: block) + 2
            guard tokens + cost <= room else {
                blocks.append("(no room for more passages in this turn; answer from those given)")
                break
            }
            tokens += cost
            passages.append(passage)
            record.passages.append(passage.number)
            blocks.append(block)
        }
        if blocks.isEmpty { blocks.append(note ?? "nothing found") }
        return (blocks.joined(separator: "\n\n"), record)
    }
}

/// A tool call of a turn, as kept and shown: the tool, its arguments as the model wrote
/// them, the numbers of the passages it gave, or why it gave none.
public struct ToolCallRecord: Sendable, Equatable, Codable {
    public var name: String
    public var arguments: String
    public var passages: [Int]
    public var error: String?
}
