public import FolioAsk
public import FolioCore

/// What finds passages for a model that calls tools (`ToolTurn`): Folio's `search` and
/// `read` (FolioTools' `FolioToolbox`, the same as `folio mcp`'s), told to the model by
/// `specs`. A call's error is what the model is answered with.
public protocol PassageTools: Sendable {
    var specs: [ToolSpec] { get }
    /// The passages the call `name` with `arguments` finds (whole, numbered 0: the turn
    /// numbers them), at most `limit`, and a note
    /// (nothing found, or why there is nothing to search); an error says what was wrong
    /// with the call, in words the model reads.
    func passages(_ name: String, arguments: [String: JSONValue]?, limit: Int) throws -> (passages: [Passage], note: String?)
}
