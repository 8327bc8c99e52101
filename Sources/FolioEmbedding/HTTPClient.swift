internal import CCurl
internal import FoundationEssentials
internal import Glibc

/// A blocking HTTP exchange through libcurl (`CCurl`): what the providers that live on a
/// server (Ollama, OpenAI-compatible) are reached with.
struct HTTPClient {
    struct Response {
        var status: Int
        var body: [UInt8]
    }

    var timeoutMilliseconds = 60_000
    var connectMilliseconds = 3_000

    /// POSTs `body` as JSON to `url`; the response whatever its status, or `.server` with
    /// libcurl's reason when there was no exchange (refused, timed out, no such host).
    func postJSON(_ url: String, body: [UInt8], headers: [String] = []) throws(EmbeddingError) -> Response {
        final class Collector {
            var bytes: [UInt8] = []
        }
        let collector = Collector()
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let lines = ["Content-Type: application/json", "Accept: application/json"] + headers
        let result = withCStrings(lines) { pointers in
            body.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    folio_curl_request(url, pointers, pointers.count, chars.baseAddress, chars.count, timeoutMilliseconds, connectMilliseconds,
                                       { context, data, size in
                                           let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                                           data!.withMemoryRebound(to: UInt8.self, capacity: size) { collector.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: size)) }
                                           return 0
                                       }, Unmanaged.passUnretained(collector).toOpaque(), &status, &error, error.count)
                }
            }
        }
        guard result == 0 else { throw .server(url: url, reason: String(cMessage: error)) }
        return Response(status: status, body: collector.bytes)
    }

    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
