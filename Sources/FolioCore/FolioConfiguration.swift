/// Everything a user can set in `config.toml`. The defaults live in
/// `FolioConfiguration+Default.swift`; `config.example.toml` documents the same keys and a
/// test checks the two agree.
public struct FolioConfiguration: Sendable, Equatable {
    /// Folders to index, as written (`~` is expanded when they are used).
    public var folders: [String]
    /// Whether files and folders whose names start with a dot are indexed.
    public var includeHidden: Bool
    /// Files larger than this many bytes are not read.
    public var maxFileSize: Int64
    public var chunking: ChunkingOptions

    public init(folders: [String], includeHidden: Bool, maxFileSize: Int64, chunking: ChunkingOptions) {
        self.folders = folders
        self.includeHidden = includeHidden
        self.maxFileSize = maxFileSize
        self.chunking = chunking
    }
}

/// How documents are cut into chunks. A token here is a word: a run of non-space text.
public struct ChunkingOptions: Sendable, Equatable {
    /// The most words one chunk holds.
    public var maxTokensPerChunk: Int
    /// Words repeated at the start of a chunk from the end of the one before, so a phrase
    /// that straddles a boundary is still found whole.
    public var overlapTokens: Int

    public init(maxTokensPerChunk: Int, overlapTokens: Int) {
        self.maxTokensPerChunk = maxTokensPerChunk
        self.overlapTokens = overlapTokens
    }
}
