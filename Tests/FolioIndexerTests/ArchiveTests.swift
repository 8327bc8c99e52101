import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioText

/// A zip archive indexed: found by the names of its files, and each file Folio reads found
/// as a document inside it, as a message's attachments are.
@Suite struct ArchiveTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-archive-\(UUID().uuidString)").path
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../FolioLoadersTests/Fixtures/office/letters.zip").standardized.path

    @Test func filesInAnArchive_areDocumentsInsideIt() throws {
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: root + "/docs/letters.zip")
        let store = try IndexStore(path: root + "/folio.sqlite")
        _ = try DocumentIndexer(store: store, configuration: .default).indexEveryFile(below: root + "/docs")
        let reader = try IndexReader(path: store.path)
        let archive = root + "/docs/letters.zip"
        #expect(try reader.documents(in: .file(archive)).map(\.path).sorted()
            == [archive, archive + "//letters_harbour-dues.txt", archive + "//letters_notes.md", archive + "//survey.odt"])
        func first(_ text: String) throws -> SearchHit? { try reader.search(SearchRequest(query: SearchQuery(parsing: text), limit: 3)).first }
        #expect(try first("harbour dues")?.path == archive + "//letters_harbour-dues.txt")
        #expect(try first("lamp serviced")?.path == archive + "//letters_notes.md")
        #expect(try first("photo jpg")?.path == archive, "the archive by the names it holds")
        #expect(try first("photo jpg")?.kind == .archive)
    }
}
