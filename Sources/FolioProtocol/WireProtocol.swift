internal import FoundationEssentials

/// The wire protocols between Folio's processes: `foliod` and its workers (`WorkerRequest`,
/// `WorkerMessage`), and `folioctl` and `foliod` (`ControlEnvelope`). Every message is one
/// JSON object on one line, so both ends share one encoder and one parser, and a message
/// that does not parse is a `ProtocolError` with its reason, never a crash.
///
/// `version` changes whenever a message changes shape. A worker says its version first
/// (`WorkerMessage.hello`), and every control message carries it, so that programs of
/// two builds (a `folioctl` installed while an older `foliod` runs) say so clearly instead
/// of misreading each other.
public enum WireProtocol {
    public static let version = 5

    /// A value as one line: compact JSON (which escapes every newline) and `\n`.
    public static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // The types here have nothing that fails to encode (no non-finite numbers reach
        // them: rates and confidences are finite), so a failure is a programming error.
        guard let data = try? encoder.encode(value) else { preconditionFailure("\(type(of: value)) did not encode") }
        return Array(data) + [0x0A]
    }

    /// A line (without its `\n`) as a `Message`.
    public static func decode<Message: Decodable>(_ type: Message.Type, from line: some Collection<UInt8>) throws(ProtocolError) -> Message {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: Data(line))
        } catch {
            throw .malformed(expected: "\(type)", line: String(decoding: line.prefix(200), as: UTF8.self), reason: "\(error)")
        }
    }
}
