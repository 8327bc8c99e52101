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
///
/// It also keeps the ids of the requests not answered yet: the server answers each in a
/// task of its own, and a client that writes its last requests and closes its end at once
/// still gets the answers (`waitForAnswers`) before the program ends.
actor StdioLineTransport: Transport {
    nonisolated let logger = Logger(label: "folio.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let unanswered = RequestLedger()
    private var connected = false

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let (continuation, unanswered) = (continuation, unanswered)
        Thread.detachNewThread { Self.readLines(into: continuation, noting: unanswered) }
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    /// Writes `data` and a line feed to standard output, whole (a blocking write: the actor
    /// sends one message at a time). A client gone (EPIPE) is the connection closed.
    func send(_ data: Data) async throws {
        unanswered.answered(data)
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

    /// Returns once every request read has been answered, or after `seconds`.
    func waitForAnswers(seconds: Double) async {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !unanswered.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Reads standard input until its end, handing on each non-empty line.
    private static func readLines(into continuation: AsyncThrowingStream<Data, any Error>.Continuation, noting unanswered: RequestLedger) {
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
                if !line.isEmpty {
                    unanswered.asked(Data(line))
                    continuation.yield(Data(line))
                }
                start = end + 1
            }
            pending.removeFirst(start)
        }
        continuation.finish()
    }
}

