import FolioCore
import FolioEmbedding
import Foundation

/// The model and runtime `make test` installs (scripts/install-semantic.sh, into
/// /usr/local/share/folio): the real thing, not a stand-in. Missing, the tests fail with
/// the reason rather than skip.
enum InstalledModel {
    static let paths = FolioPaths(environment: ProcessInfo.processInfo.environment)

    static func location() throws -> LocalModelLocation {
        try LocalModelLocation.find(options: FolioConfiguration.default.embeddings, paths: paths)
    }

    static let embedder: Result<LocalEmbedder, any Error> = Result { try LocalEmbedder(location: location(), name: "all-MiniLM-L6-v2") }

    static func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
