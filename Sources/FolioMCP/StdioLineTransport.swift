internal import Foundation
internal import Glibc
internal import Logging
internal import MCP

/// MCP's stdio transport (a JSON-RPC message per line on standard input and output), read
/// with blocking reads on a thread of its own.
///
/// The SDK's `StdioTransport` makes standard input non-blocking and sleeps 10 ms whenever
/// nothing has come: a hundred wake-ups a second, 2% of a core for as long as an assistant
/// keeps the server open (docs/benchmarks.md). Here the thread sleeps in `read` until the
/// client writes, and the end of standard input ends the stream, and so the server.
actor StdioLineTransport: Transport {
    nonisolated let logger = Logger(label: "folio.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var connected = false

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let continuation = continuation
        Thread.detachNewThread { Self.readLines(into: continuation) }
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    /// Writes `data` and a line feed to standard output, whole (a blocking write: the actor
    /// sends one message at a time). A client gone (EPIPE) is the connection closed.
    func send(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? MCPError.connectionClosed : MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            written += count
        }
    }

    nonisolated func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }

    /// Reads standard input until its end, handing on each non-empty line.
    private static func readLines(into continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[..<count]
            var start = 0
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = pending[start..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                if !line.isEmpty { continuation.yield(Data(line)) }
                start = end + 1
            }
            pending.removeFirst(start)
        }
        continuation.finish()
    }
}
