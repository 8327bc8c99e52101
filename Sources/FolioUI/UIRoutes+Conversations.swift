internal import FolioChat
internal import FolioCore
internal import Glibc

extension UIRoutes {
    /// The conversations file beside the index, as `folio chat` keeps it.
    func conversationStore() throws(UIError) -> ConversationStore {
        do {
            return try ConversationStore(besideIndex: session.databasePath)
        } catch {
            throw .conversation("\(error)")
        }
    }

    struct ConversationList: Encodable {
        var conversations: [Listed]

        struct Listed: Encodable {
            var id: Int64
            var title: String
            var updated: Int64
            var turns: Int
        }
    }

    /// `GET /api/conversations`: the conversations kept, the latest first.
    func conversations() throws(UIError) -> ConversationList {
        do {
            return ConversationList(conversations: try conversationStore().list().map {
                ConversationList.Listed(id: $0.id, title: $0.title, updated: $0.updated, turns: $0.turns)
            })
        } catch {
            throw .conversation("\(error)")
        }
    }

    struct ConversationTurns: Encodable {
        var id: Int64
        var title: String
        var turns: [ChatTurn]
    }

    /// `GET /api/conversation?id=N`: a conversation's turns, as kept.
    func conversation(_ query: [String: String]) throws(UIError) -> ConversationTurns {
        guard let text = query["id"] else { throw .missingArgument("id") }
        guard let id = Int64(text) else { throw .invalidArgument(name: "id", reason: "must be a conversation's number, not \(text)") }
        do {
            let store = try conversationStore()
            let found = try store.conversation(id)
            return ConversationTurns(id: found.id, title: found.title, turns: try store.turns(of: id))
        } catch let error as UIError {
            throw error
        } catch {
            throw .conversation("\(error)")
        }
    }

    /// `POST /api/conversation/delete` with `{"conversation": N}`.
    func deleteConversation(_ body: RequestBody) throws(UIError) -> [String: Int64] {
        guard let id = body.conversation else { throw .missingArgument("conversation") }
        do {
            try conversationStore().delete(id)
        } catch let error as UIError {
            throw error
        } catch {
            throw .conversation("\(error)")
        }
        return ["deleted": id]
    }
}
