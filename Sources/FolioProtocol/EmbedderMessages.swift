internal import FoundationEssentials
public import FolioCore

/// What is asked of the embedder process on its socket (`FolioPaths.embedderSocket`),
/// one line each, by `folioq`, the launchers and `folioctl status`. (foliod pauses and
/// resumes it by signal: `EmbedderSupervisor`.)
public enum EmbedderRequest: Codable, Sendable, Equatable {
    /// The windows nearest the text's meaning, with the model queries use, from the index
    /// at `database`: the embedder's own, or another (`folioq --db`), whose vectors it
    /// reads too. `filters`: only among the windows they allow (a filtered search).
    case nearest(text: String, limit: Int, database: String, filters: SearchFilters?)
    /// How near each text's meaning is to each window, by the vectors the windows have in
    /// the index at `database` (the model queries use): `folioq --ask` weighs an answer's
    /// sentences against the windows of the passages they cite.
    case similarities(texts: [String], windows: [Int64], database: String)
    case status
}

/// The embedder's answer to one request.
public struct EmbedderReply: Codable, Sendable, Equatable {
    /// For `nearest`: the model of the windows (`nil`: no vectors yet) and the windows.
    public var model: Int64?
    public var windows: [NearestWindows.Window]
    /// For `similarities`: a row per text, a similarity per window asked for (`nil` for a
    /// window with no vector in that model).
    public var similarities: [[Float?]]?
    public var status: EmbedderStatus?
    public var error: String?

    public init(model: Int64? = nil, windows: [NearestWindows.Window] = [], similarities: [[Float?]]? = nil, status: EmbedderStatus? = nil,
                error: String? = nil) {
        self.model = model
        self.windows = windows
        self.similarities = similarities
        self.status = status
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case model, windows, similarities, status, error
    }

    /// The windows go as one base64 string of 12-byte records (the key, then the
    /// similarity's bits, little-endian): decoding a JSON object per window cost a search
    /// by meaning more than ranking its words (docs/benchmarks.md).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        model = try container.decodeIfPresent(Int64.self, forKey: .model)
        status = try container.decodeIfPresent(EmbedderStatus.self, forKey: .status)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        similarities = try container.decodeIfPresent([[Float?]].self, forKey: .similarities)
        let text = try container.decodeIfPresent(String.self, forKey: .windows) ?? ""
        guard let packed = Data(base64Encoded: text), packed.count % Self.recordSize == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .windows, in: container, debugDescription: "not windows packed in base64")
        }
        windows = packed.withUnsafeBytes { bytes in
            stride(from: 0, to: bytes.count, by: Self.recordSize).map { offset in
                NearestWindows.Window(key: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)),
                                      similarity: Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(model, forKey: .model)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(similarities, forKey: .similarities)
        var packed = Data(capacity: windows.count * Self.recordSize)
        for window in windows {
            withUnsafeBytes(of: window.key.littleEndian) { packed.append(contentsOf: $0) }
            withUnsafeBytes(of: window.similarity.bitPattern.littleEndian) { packed.append(contentsOf: $0) }
        }
        try container.encode(packed.base64EncodedString(), forKey: .windows)
    }

    private static let recordSize = 12
}

/// The embedder process as `folioctl status` shows it.
public struct EmbedderStatus: Codable, Sendable, Equatable {
    public var pid: Int32
    /// Resident memory, KiB.
    public var residentKiB: Int
    public var model: String
    public var paused: Bool
    public var progress: SemanticProgress?
    /// Why the background stage last stopped (a server down, a model missing).
    public var lastError: String?

    public init(pid: Int32, residentKiB: Int, model: String, paused: Bool, progress: SemanticProgress?, lastError: String?) {
        self.pid = pid
        self.residentKiB = residentKiB
        self.model = model
        self.paused = paused
        self.progress = progress
        self.lastError = lastError
    }
}

/// A request with the build's protocol version, so two builds say so instead of misreading
/// each other.
package struct EmbedderEnvelope: Codable {
    package var version: Int
    package var request: EmbedderRequest
}

extension EmbedderRequest {
    package var line: [UInt8] { WireProtocol.encode(EmbedderEnvelope(version: WireProtocol.version, request: self)) }
}
