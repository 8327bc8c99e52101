/// What a search provider shows for a query whose fields it cannot read (`after:2023-13`,
/// `colour:red`): one result holding the error that `folioq` prints, so that the shell
/// says why nothing is found instead of showing nothing. Its id cannot be a document's
/// (`ResultID` is `PAGE:/PATH`); opening it does nothing.
struct QueryProblem {
    static let prefix = "query-problem:"
    /// Says what was not understood and what would do (`FilterError`).
    let message: String

    init(message: String) {
        self.message = message
    }

    init?(id: String) {
        guard id.hasPrefix(Self.prefix) else { return nil }
        message = String(id.dropFirst(Self.prefix.count))
    }

    var id: String { Self.prefix + message }
    static let title = "Folio cannot search for this"
    static let iconName = "dialog-warning"
}
