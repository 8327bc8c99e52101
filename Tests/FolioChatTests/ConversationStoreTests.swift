@testable import FolioChat
import Glibc
import Testing

/// The file of conversations: made private, turns kept in order from two writers, deleted
/// for good, and a damaged file set aside for a new one.
struct ConversationStoreTests {
    static func folder() -> String {
        var template = Array("/tmp/folio-chat-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }

    static func turn(_ question: String, answer: String = "It was 95 euros [1].") -> ChatTurn {
        ChatTurn(position: 0, question: question, searchedFor: question, answer: answer, status: .answered,
                 sources: [ChatSource(number: 1, path: "/d/boiler.pdf", pages: [2], paged: true, pageLabel: "ii", section: "Fees", chunk: 3,
                                      quote: "The fee was 95 euros.")], created: 1_700_000_000)
    }

    @Test func aNewFileInANewFolderIsTheUsersAloneAndKeepsTurnsInOrder() throws {
        let path = Self.folder() + "/data/folio/conversations.db"
        let store = try ConversationStore(path: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let conversation = try store.create(title: "What was the   boiler's fee?\nAnd more")
        #expect(conversation.title == "What was the boiler's fee? And more")
        let first = try store.append(Self.turn("What was the boiler's fee?"), to: conversation.id)
        // A second window on the same conversation appends after the first's turn.
        let other = try ConversationStore(path: path)
        let second = try other.append(Self.turn("and in 2022?"), to: conversation.id)
        #expect([first.position, second.position] == [1, 2])
        let turns = try store.turns(of: conversation.id)
        #expect(turns.map(\.question) == ["What was the boiler's fee?", "and in 2022?"])
        #expect(turns[0].sources == Self.turn("").sources)
        #expect(try store.list().map(\.turns) == [2])
    }

    @Test func aDeletedConversationIsGoneAndAnUnknownOneIsSaidSo() throws {
        let store = try ConversationStore(path: Self.folder() + "/conversations.db")
        let kept = try store.create(title: "kept")
        let gone = try store.create(title: "secret plans")
        try store.append(Self.turn("the secret plans", answer: "unmistakable-secret-words"), to: gone.id)
        try store.delete(gone.id)
        #expect(try store.list().map(\.id) == [kept.id])
        #expect(throws: ConversationError.notFound(id: gone.id)) { try store.delete(gone.id) }
        #expect(throws: ConversationError.notFound(id: 999)) { try store.append(Self.turn("q"), to: 999) }
        // Not left in the file's free pages either.
        let bytes = try #require(FileBytes.read(store.path))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("unmistakable-secret-words"))
    }

    @Test func aDamagedFileIsSetAsideAndANewOneBegun() throws {
        let path = Self.folder() + "/conversations.db"
        do {
            let store = try ConversationStore(path: path)
            try store.append(Self.turn("q"), to: store.create(title: "q").id)
        }
        // Its header overwritten, as a disk fault or a stray write would.
        let descriptor = open(path, O_WRONLY)
        _ = Array(repeating: UInt8(0x5A), count: 100).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 100, 0) }
        close(descriptor)
        let store = try ConversationStore(path: path)
        let aside = try #require(store.setAside)
        #expect(aside.hasPrefix(path + ".damaged-"))
        #expect(access(aside, F_OK) == 0)
        #expect(try store.list().isEmpty)
        _ = try store.create(title: "a new beginning")
    }
}

/// A whole file's bytes.
enum FileBytes {
    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        return bytes
    }
}
