public import FolioCore

/// How a document ended the last time Folio looked at it.
public enum DocumentStatus: String, Sendable, Codable, CaseIterable {
    /// All its text is in the index.
    case indexed
    /// Some of its text is in the index; `error` says what is missing.
    case partial
    /// None of it is; `error` says why. Retried only when the file changes.
    case failed
}

/// A document's row: what Folio knows about one file.
public struct DocumentRecord: Sendable, Equatable {
    public var path: String
    public var signature: FileSignature
    /// XXH3-128 of the content, hex; `nil` when the file could not be read.
    public var contentHash: String?
    public var kind: DocumentKind
    public var title: String?
    public var pageCount: Int
    public var chunkCount: Int
    public var status: DocumentStatus
    public var error: String?
    /// Unix seconds of the last decision about this file.
    public var indexedAt: Int64
    /// What the file records about itself (`LoadedDocument.fields`): written with the
    /// document, not read back with it (search results read them, `SearchHit.fields`).
    public var fields: [DocumentField: String] = [:]
    /// Whether the file is known from a walk's list alone (`PendingNames`): the walk has
    /// found it and not yet recorded it, and nothing but its name and status is known.
    public var listedOnly = false

    public init(path: String, signature: FileSignature, contentHash: String?, kind: DocumentKind, title: String?,
                pageCount: Int, chunkCount: Int, status: DocumentStatus, error: String?, indexedAt: Int64) {
        self.path = path
        self.signature = signature
        self.contentHash = contentHash
        self.kind = kind
        self.title = title
        self.pageCount = pageCount
        self.chunkCount = chunkCount
        self.status = status
        self.error = error
        self.indexedAt = indexedAt
    }
}

/// Totals over the whole index.
public struct IndexCounts: Sendable, Equatable, Codable {
    public var documents: Int
    public var failed: Int
    public var partial: Int
    public var pages: Int
    public var chunks: Int
    /// Files known by their names alone (kind `file`: Folio does not read them).
    public var named: Int

    public init(documents: Int, failed: Int, partial: Int, pages: Int, chunks: Int, named: Int = 0) {
        self.documents = documents
        self.failed = failed
        self.partial = partial
        self.pages = pages
        self.chunks = chunks
        self.named = named
    }

    private enum CodingKeys: String, CodingKey {
        case documents, failed, partial, pages, chunks, named
    }

    /// `named` is 0 when absent: the status of a foliod from before files were named.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(documents: try container.decode(Int.self, forKey: .documents), failed: try container.decode(Int.self, forKey: .failed),
                  partial: try container.decode(Int.self, forKey: .partial), pages: try container.decode(Int.self, forKey: .pages),
                  chunks: try container.decode(Int.self, forKey: .chunks), named: try container.decodeIfPresent(Int.self, forKey: .named) ?? 0)
    }
}
