import Foundation
import FolioCore
import FolioStore

/// A fresh directory per test, holding a real SQLite database file.
struct TemporaryDatabase {
    let directory: String
    var path: String { directory + "/index/folio.sqlite" }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A document record for `path` with default metadata.
    static func record(_ path: String, title: String? = nil, kind: DocumentKind = .text, hash: String = "h") -> DocumentRecord {
        DocumentRecord(path: path, signature: FileSignature(size: 1, modificationTimeNanoseconds: 2, inode: 3), contentHash: hash,
                       kind: kind, title: title, pageCount: 1, chunkCount: 0, status: .indexed, error: nil, indexedAt: 0)
    }

    static func chunks(_ texts: [String], section: String? = nil) -> [Chunk] {
        texts.enumerated().map { index, text in
            Chunk(ordinal: index, firstPage: index + 1, lastPage: index + 1, section: section, text: text, startOffset: 0, endOffset: text.count)
        }
    }
}
