public import FolioProtocol
internal import FolioSystem

/// Talks to a running embedder process.
public enum EmbedderClient {
    /// The reply, or `nil` when no embedder process answers (none runs, another build's).
    public static func send(_ request: EmbedderRequest, socket: String, timeoutMilliseconds: Int = 5000) -> EmbedderReply? {
        start(request, socket: socket, timeoutMilliseconds: timeoutMilliseconds)?.reply()
    }

    /// Sends the request without waiting for the reply; `nil` when no embedder listens.
    public static func start(_ request: EmbedderRequest, socket: String, timeoutMilliseconds: Int = 5000) -> Pending? {
        (try? LineClient.send(request.line, to: socket, timeoutMilliseconds: timeoutMilliseconds)).map(Pending.init)
    }

    /// A request sent, its reply to come.
    public struct Pending {
        let exchange: LineClient.Exchange

        /// The reply, or `nil` when the embedder broke off or spoke another protocol.
        public func reply() -> EmbedderReply? {
            guard let line = try? exchange.reply() else { return nil }
            return try? WireProtocol.decode(EmbedderReply.self, from: line)
        }
    }
}
