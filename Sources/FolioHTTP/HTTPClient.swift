internal import CCurl
internal import FolioCore
internal import Glibc

/// HTTP exchanges through libcurl (`CCurl`): how Folio reaches the providers that live on a
/// server (embeddings from Ollama or an OpenAI-compatible server; answers from those or
/// Anthropic).
public struct HTTPClient: Sendable {
    /// The status and header lines of a response; its body went to the caller's receiver.
    public struct Head: Sendable {
        public var status: Int
        /// Header names in lower case, the value trimmed; the last of a repeated name.
        public var headers: [String: String]
    }

    /// A whole response, for exchanges that are not streamed.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
    }

    /// The whole exchange, 0 for no limit (a streamed answer is bounded by `stallSeconds`).
    public var timeoutMilliseconds: Int
    public var connectMilliseconds: Int
    /// Give up when no byte has arrived for this long (0: never).
    public var stallSeconds: Int

    public init(timeoutMilliseconds: Int = 60_000, connectMilliseconds: Int = 3_000, stallSeconds: Int = 0) {
        self.timeoutMilliseconds = timeoutMilliseconds
        self.connectMilliseconds = connectMilliseconds
        self.stallSeconds = stallSeconds
    }

    /// POSTs `body` as JSON to `url`, with `headers` besides the JSON ones; the response
    /// whatever its status.
    public func postJSON(_ url: String, body: [UInt8], headers: [String] = []) throws(HTTPError) -> Response {
        var bytes: [UInt8] = []
        let head = try post(url, body: body, headers: ["Content-Type: application/json", "Accept: application/json"] + headers) { _, piece in
            bytes.append(contentsOf: piece)
            return true
        }
        return Response(status: head.status, headers: head.headers, body: bytes)
    }

    /// POSTs `body` to `url` and hands each piece of the response body to `receive` as it
    /// arrives, with the response's status (so that an error's body is not read as a
    /// stream); `receive` returns false to end the transfer early (which is then not an
    /// error). Header lines `"Name: value"` are sent as given: a key in one goes nowhere
    /// else (not the command line, not a log).
    public func post(_ url: String, body: [UInt8], headers: [String],
                     receive: (_ status: Int, _ bytes: ArraySlice<UInt8>) -> Bool) throws(HTTPError) -> Head {
        try withoutActuallyEscaping(receive) { receive throws(HTTPError) in
            let exchange = Exchange(receive: receive)
            var status = 0
            var error = [CChar](repeating: 0, count: 512)
            let result = withCStrings(headers) { pointers in
                body.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        folio_curl_request(url, pointers, pointers.count, chars.baseAddress, chars.count, timeoutMilliseconds, connectMilliseconds,
                                           stallSeconds,
                                           { context, data, size in
                                               let exchange = Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue()
                                               return data!.withMemoryRebound(to: UInt8.self, capacity: size) {
                                                   exchange.body(UnsafeBufferPointer(start: $0, count: size))
                                               }
                                           },
                                           { context, data, size in
                                               let exchange = Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue()
                                               return data!.withMemoryRebound(to: UInt8.self, capacity: size) {
                                                   exchange.header(UnsafeBufferPointer(start: $0, count: size))
                                               }
                                           },
                                           Unmanaged.passUnretained(exchange).toOpaque(), &status, &error, error.count)
                    }
                }
            }
            let head = Head(status: status, headers: exchange.headers)
            switch result {
            case Int32(FOLIO_CURL_DONE): return head
            case Int32(FOLIO_CURL_INTERRUPTED): throw .interrupted
            case Int32(FOLIO_CURL_TIMED_OUT): throw .timedOut(url: url, receivedAnything: exchange.receivedBody)
            case Int32(FOLIO_CURL_UNREACHABLE): throw .unreachable(url: url, reason: String(cMessage: error))
            default:
                // A receiver that stopped the transfer ended it as it meant to.
                if exchange.stopped { return head }
                throw .failed(url: url, reason: String(cMessage: error))
            }
        }
    }

    /// Runs `body` with the strings as C strings.
    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }

    /// Begins ignoring the first SIGINT and SIGTERM but for ending the request under way,
    /// which then throws `.interrupted`: a program that streams to a terminal calls this so
    /// that Ctrl-C leaves the terminal clean. A second Ctrl-C ends the process as usual.
    public static func stopRequestsOnInterrupt() {
        folio_curl_stop_on_interrupt()
    }

    /// Undoes `stopRequestsOnInterrupt`, forgetting an interrupt that came: Ctrl-C ends the
    /// process again (`folio chat` between its turns).
    public static func endProcessOnInterrupt() {
        folio_curl_end_on_interrupt()
    }
}

/// One exchange's state, reached from libcurl's callbacks through their context pointer.
private final class Exchange {
    let receive: (Int, ArraySlice<UInt8>) -> Bool
    var status = 0
    var headers: [String: String] = [:]
    var receivedBody = false
    var stopped = false

    init(receive: @escaping (Int, ArraySlice<UInt8>) -> Bool) {
        self.receive = receive
    }

    func body(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        receivedBody = true
        if receive(status, ArraySlice(bytes)) { return 0 }
        stopped = true
        return 1
    }

    /// Keeps a `Name: value` line; a status line (a new response, after a redirect or a
    /// `100 Continue`) starts the headers afresh and gives the status.
    func header(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingWhitespace()
        }
        return 0
    }
}
