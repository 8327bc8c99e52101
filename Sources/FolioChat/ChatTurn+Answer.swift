public import FolioAsk

extension ChatTurn {
    /// The turn an answer makes: its text as shown, its status, and the passages that
    /// bear it out; the tools the model called, and why they were cut short (`note`).
    public init(answer: Answer, searched: FollowUpQuery, calls: [ToolCallRecord] = [], note: String? = nil, created: Int64) {
        let status: Status = switch answer.status {
        case .answered: .answered
        case .notInDocuments: .notInDocuments
        case .nothingRelevant: .nothingRelevant
        case .unsupported: .unsupported
        }
        self.init(position: 0, question: answer.question, searchedFor: searched.text, answer: answer.text,
                  status: status, detail: note,
                  sources: answer.citedPassages.map { passage, quote, _ in
                      ChatSource(number: passage.number, path: passage.path, pages: Array(passage.pages), paged: passage.isPaged, pageLabel: passage.pageLabel,
                                 section: passage.section, chunk: passage.chunk, quote: quote)
                  }, calls: calls, created: created)
    }
}
