/// How far the semantic stage is for one model: distinct window texts, and how many of
/// them have a vector.
public struct SemanticCoverage: Sendable, Equatable, Codable {
    public var windows: Int
    public var embedded: Int
    /// Chunks whose windows are not cut yet (each becomes about three windows).
    public var chunksWithoutWindows: Int
    /// Documents with text, and those whose opening (first chunk) has a vector: found by
    /// meaning already, however far the rest of them is.
    public var documents: Int
    public var documentsWithMeaning: Int
    /// The windows still to embed by their length, each taken as its chunk's characters
    /// over its windows; a chunk not cut yet counts as its estimated windows.
    public var windowsLeft: WindowsByLength

    public init(windows: Int, embedded: Int, chunksWithoutWindows: Int, documents: Int = 0, documentsWithMeaning: Int = 0,
                windowsLeft: WindowsByLength = WindowsByLength()) {
        self.windows = windows
        self.embedded = embedded
        self.chunksWithoutWindows = chunksWithoutWindows
        self.documents = documents
        self.documentsWithMeaning = documentsWithMeaning
        self.windowsLeft = windowsLeft
    }

    public var isComplete: Bool { chunksWithoutWindows == 0 && embedded >= windows }

    /// The documents' counts and the windows left may be missing from an embedder of the
    /// build before them.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        windows = try values.decode(Int.self, forKey: .windows)
        embedded = try values.decode(Int.self, forKey: .embedded)
        chunksWithoutWindows = try values.decode(Int.self, forKey: .chunksWithoutWindows)
        documents = try values.decodeIfPresent(Int.self, forKey: .documents) ?? 0
        documentsWithMeaning = try values.decodeIfPresent(Int.self, forKey: .documentsWithMeaning) ?? 0
        windowsLeft = try values.decodeIfPresent(WindowsByLength.self, forKey: .windowsLeft) ?? WindowsByLength()
    }
}
