public import FolioStore

/// What is asked of the embedder process on its socket (`FolioPaths.embedderSocket`),
/// one line each, by `folioq`, the launchers and `folioctl status`. (foliod pauses and
/// resumes it by signal: `EmbedderSupervisor`.)
public enum EmbedderRequest: Codable, Sendable, Equatable {
    /// The windows nearest the text's meaning, with the model queries use, from the index
    /// at `database`: an embedder serving another index answers with an error, and the
    /// client computes them itself (`folioq --db`, a library's own index).
    case nearest(text: String, limit: Int, database: String)
    case status
}

/// The embedder's answer to one request.
public struct EmbedderReply: Codable, Sendable, Equatable {
    /// For `nearest`: the model of the windows (`nil`: no vectors yet) and the windows.
    public var model: Int64?
    public var windows: [NearestWindows.Window]
    public var status: EmbedderStatus?
    public var error: String?

    public init(model: Int64? = nil, windows: [NearestWindows.Window] = [], status: EmbedderStatus? = nil, error: String? = nil) {
        self.model = model
        self.windows = windows
        self.status = status
        self.error = error
    }
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
