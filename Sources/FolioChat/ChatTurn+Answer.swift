public import FolioAsk

extension ChatTurn {
    /// The turn an answer makes: its text as shown, its status, and the passages that
    /// bear it out. `interruption`: why it stopped part-way, when it did.
    public init(answer: Answer, searched: FollowUpQuery, created: Int64, interruption: String? = nil) {
        let status: Status = switch answer.status {
        case .answered: .answered
        case .notInDocuments: .notInDocuments
        case .nothingRelevant: .nothingRelevant
        case .unsupported: .unsupported
        }
        self.init(position: 0, question: answer.question, searchedFor: searched.text, answer: answer.text,
                  status: interruption == nil ? status : .incomplete, detail: interruption,
                  sources: answer.citedPassages.map { passage, quote, _ in
                      ChatSource(number: passage.number, path: passage.path, pages: Array(passage.pages), paged: passage.isPaged, pageLabel: passage.pageLabel,
                                 section: passage.section, chunk: passage.chunk, quote: quote)
                  }, created: created)
    }
}
