import Foundation
import Testing
import FolioCore
import FolioLoaders

/// The committed fixture files beside this test target, and temporary files for inputs
/// that are better made than committed.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func file(_ name: String) -> SourceFile {
        SourceFile(path: directory + "/" + name, maxSize: 1 << 30)
    }

    /// The fixture `name` read by the loader Folio chooses for it.
    static func load(_ name: String) throws -> LoadedDocument {
        let file = Self.file(name)
        let loader = try #require(LoaderRegistry.standard.loader(forPath: file.path), "no loader for \(name)")
        return try loader.load(file)
    }

    /// Writes `bytes` to a new temporary file with the given name.
    static func temporary(_ name: String, _ bytes: [UInt8]) throws -> SourceFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-loaders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return SourceFile(path: path, maxSize: 1 << 30)
    }
}
