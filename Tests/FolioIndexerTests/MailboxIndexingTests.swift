import Testing
import Foundation
@testable import FolioIndexer
@testable import FolioStore
import FolioCore
import FolioLoaders
import FolioSystem
import FolioText

/// Mailboxes and messages with attachments through the whole pipeline, on copies of the
/// loader fixtures (`Fixtures/office/generate.py`): a document per message, attachments
/// inside their message, a mailbox that grows read on from where it was.
@Suite struct MailboxIndexingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FolioLoadersTests/Fixtures").path

    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-mailbox-\(UUID().uuidString)").path

    private func setUp(_ files: [String: String], kinds: FileKinds = FileKinds()) throws -> (DocumentIndexer, IndexStore) {
        for (name, fixture) in files {
            let target = root + "/docs/" + name
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + fixture, toPath: target)
        }
        let store = try IndexStore(path: root + "/folio.sqlite")
        return (DocumentIndexer(store: store, configuration: .default, kinds: kinds), store)
    }

    private func index(_ indexer: DocumentIndexer, _ name: String, now: Int64) throws -> DocumentIndexer.Outcome {
        try indexer.index(root + "/docs/" + name, status: try FileStatus.of(root + "/docs/" + name), now: now)
    }

    private func documents(_ store: IndexStore) throws -> [String: DocumentRecord] {
        Dictionary(uniqueKeysWithValues: try store.documents(in: .everything).map { (String($0.path.dropFirst(root.count + 6)), $0) })
    }

    private func hits(_ store: IndexStore, _ text: String) throws -> [String] {
        try store.search(SearchRequest(query: SearchQuery(parsing: text), limit: 20)).map { String($0.path.dropFirst(root.count + 6)) }
    }

    @Test func mailbox_isADocumentPerMessage_withItsAttachmentsInside() throws {
        let (indexer, store) = try setUp(["Inbox.mbox": "mail/Inbox.mbox"])
        #expect(try index(indexer, "Inbox.mbox", now: 1) == .indexed(chunks: 8))
        let stored = try documents(store)
        #expect(stored.keys.sorted() == ["Inbox.mbox", "Inbox.mbox//1", "Inbox.mbox//2", "Inbox.mbox//2/encrypted.docx",
                                         "Inbox.mbox//2/sample.docx", "Inbox.mbox//3"], "no document for the image")
        #expect(stored["Inbox.mbox"]?.status == .indexed && stored["Inbox.mbox"]?.chunkCount == 0)
        #expect(stored["Inbox.mbox"]?.signature.size == Int64(try FileStatus.of(root + "/docs/Inbox.mbox").size))
        #expect(stored["Inbox.mbox//1"]?.title == "Mooring fees" && stored["Inbox.mbox//2/sample.docx"]?.kind == .document)
        let encrypted = try #require(stored["Inbox.mbox//2/encrypted.docx"])
        #expect(encrypted.status == .failed)
        #expect(encrypted.error?.hasPrefix(root + "/docs/Inbox.mbox//2/encrypted.docx ") == true, "\(encrypted.error ?? "")")
        #expect(encrypted.error?.contains("folio-attachment") == false)
        #expect(try hits(store, "mooring") == ["Inbox.mbox//1"])
        #expect(try hits(store, "crane") == ["Inbox.mbox//3"])
        #expect(try hits(store, "harbour survey").first == "Inbox.mbox//2/sample.docx")
        #expect(try index(indexer, "Inbox.mbox", now: 2) == .unchanged)
    }

    @Test func appendedMessages_areReadAlone_andARewrittenMailboxWhole() throws {
        let (indexer, store) = try setUp(["Inbox.mbox": "mail/Inbox.mbox"])
        _ = try index(indexer, "Inbox.mbox", now: 1)
        let path = root + "/docs/Inbox.mbox"
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let appended = "From ben@harbour.example Thu Nov 16 08:00:00 2023\nSubject: Dredging finished\nFrom: ben@harbour.example\n\n"
            + "The channel is dredged to nine metres.\n\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(appended.utf8))
        try handle.close()
        #expect(try index(indexer, "Inbox.mbox", now: 2) == .indexed(chunks: 1), "only the new message is read")
        var stored = try documents(store)
        #expect(stored["Inbox.mbox//4"]?.title == "Dredging finished" && stored["Inbox.mbox//4"]?.indexedAt == 2)
        #expect(stored["Inbox.mbox//1"]?.indexedAt == 1 && stored["Inbox.mbox//2/sample.docx"]?.indexedAt == 1)
        #expect(try hits(store, "dredged") == ["Inbox.mbox//4"])

        // The first message deleted, as a mail program compacting the file does.
        let second = try #require(original.range(of: Data("\nFrom MAILER-DAEMON".utf8))).lowerBound + 1
        try (original[second...] + Data(appended.utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try index(indexer, "Inbox.mbox", now: 3) == .indexed(chunks: 8))
        stored = try documents(store)
        #expect(stored.keys.sorted() == ["Inbox.mbox", "Inbox.mbox//1", "Inbox.mbox//1/encrypted.docx", "Inbox.mbox//1/sample.docx",
                                         "Inbox.mbox//2", "Inbox.mbox//3"])
        #expect(stored["Inbox.mbox//1"]?.title == "Survey attached" && stored["Inbox.mbox//3"]?.indexedAt == 3)
        #expect(try hits(store, "mooring").isEmpty)
    }

    @Test func readingCutShort_goesOnFromWhereItsRowSaysItGot() throws {
        let (indexer, store) = try setUp(["Inbox.mbox": "mail/Inbox.mbox"])
        _ = try index(indexer, "Inbox.mbox", now: 1)
        // What the row says after the first message, had the worker been stopped there.
        let path = root + "/docs/Inbox.mbox"
        let reader = try MailboxReader(path: path, from: 0, attachmentLimit: 1 << 20)
        let first = try #require(try reader.next())
        let prefix = try ContentHash.Prefix(path)
        #expect(prefix.advance(to: first.end))
        var mark = try #require(try store.storedDocument(at: path))
        mark.signature.size = first.end
        mark.signature.modificationTimeNanoseconds = -1
        mark.contentHash = prefix.digest
        mark.status = .partial
        try store.save(mark, chunks: [])
        try store.purge(.file(path + "//2"))
        try store.purge(.file(path + "//3"))
        #expect(try index(indexer, "Inbox.mbox", now: 2) == .indexed(chunks: 7))
        let stored = try documents(store)
        #expect(stored["Inbox.mbox//1"]?.indexedAt == 1 && stored["Inbox.mbox//3"]?.indexedAt == 2)
        let hash = try ContentHash.of(path)
        #expect(stored["Inbox.mbox"]?.status == .indexed && stored["Inbox.mbox"]?.contentHash == hash)
    }

    @Test func notAMailbox_isRecordedAsFailed_andSaysWhy() throws {
        let (indexer, store) = try setUp(["notes.mbox": "mail/plain.eml"])
        guard case let .failed(reason) = try index(indexer, "notes.mbox", now: 1) else { Issue.record("not failed"); return }
        #expect(reason.contains("not a mailbox in the mbox format"))
        #expect(try documents(store).keys.sorted() == ["notes.mbox"])
    }

    @Test func messageFile_attachments_areDocumentsInside_andGoWhenItChanges() throws {
        let (indexer, store) = try setUp(["attached.eml": "mail/attached.eml"])
        #expect(try index(indexer, "attached.eml", now: 1) != .unsupported)
        #expect(try documents(store)["attached.eml//slides.odp"]?.kind == .presentation)
        #expect(try hits(store, "slides thursday").first == "attached.eml")
        let path = root + "/docs/attached.eml"
        try Data("From: a@harbour.example\nSubject: No slides after all\n\nSorry.\n".utf8).write(to: URL(fileURLWithPath: path))
        _ = try index(indexer, "attached.eml", now: 2)
        #expect(try documents(store).keys.sorted() == ["attached.eml"])
        try store.rename(file: path, to: path + ".moved")
        #expect(try documents(store).keys.sorted() == ["attached.eml.moved"])
    }

    @Test func thunderbirdFolders_holdMailboxesWithoutAnExtension() throws {
        let folder = root + "/docs/Thunderbird"
        var configuration = FolioConfiguration.default
        configuration.mail.mailboxFolders = [folder]
        let kinds = FileKinds(configuration, home: "/home/ada")
        let (indexer, store) = try setUp(["Thunderbird/Local Folders/Archive": "mail/Thunderbird/Local Folders/Archive",
                                          "Thunderbird/Local Folders/Archive.msf": "mail/Thunderbird/Local Folders/Archive.msf"], kinds: kinds)
        #expect(try index(indexer, "Thunderbird/Local Folders/Archive", now: 1) == .indexed(chunks: 1))
        #expect(try index(indexer, "Thunderbird/Local Folders/Archive.msf", now: 1) == .indexed(chunks: 1), "known by its name")
        #expect(try hits(store, "berth") == ["Thunderbird/Local Folders/Archive//1"])
        #expect(try DocumentIndexer(store: store, configuration: .default).index(root + "/docs/Thunderbird/Local Folders/Archive",
                status: try FileStatus.of(root + "/docs/Thunderbird/Local Folders/Archive"), now: 2) == .indexed(chunks: 1),
                "without the folder configured, a file without an extension is known by its name only")
        #expect(try store.documents(in: .file(root + "/docs/Thunderbird/Local Folders/Archive")).map(\.kind) == [.file])
        #expect(try hits(store, "berth").isEmpty, "its messages went")
    }
}
