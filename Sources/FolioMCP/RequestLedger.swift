internal import Foundation
internal import Synchronization

/// The ids of the JSON-RPC requests read and not answered yet (a message, or a batch of
/// them, each read as JSON once more: a few hundred bytes).
final class RequestLedger: Sendable {
    private let ids = Mutex<Set<String>>([])

    var isEmpty: Bool { ids.withLock { $0.isEmpty } }

    /// Notes the requests in a message read (those with a method and an id).
    func asked(_ message: Data) {
        let requests = Self.objects(message).filter { $0["method"] != nil }.compactMap(Self.id)
        if !requests.isEmpty { ids.withLock { $0.formUnion(requests) } }
    }

    /// Strikes off the requests a message sent answers (those with an id and no method).
    func answered(_ message: Data) {
        let answers = Self.objects(message).filter { $0["method"] == nil }.compactMap(Self.id)
        if !answers.isEmpty { ids.withLock { $0.subtract(answers) } }
    }

    private static func objects(_ message: Data) -> [[String: Any]] {
        let value = try? JSONSerialization.jsonObject(with: message)
        return (value as? [[String: Any]]) ?? (value as? [String: Any]).map { [$0] } ?? []
    }

    private static func id(_ object: [String: Any]) -> String? {
        object["id"].map { "\($0)" }
    }
}
