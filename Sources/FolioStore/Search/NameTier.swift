internal import FolioSQLite
internal import FolioText

/// Files whose name holds every word of the query, ranked before the other documents that
/// hold them all: a name that says what you typed is stronger evidence than text that
/// mentions it. `ChannelPipeline` finds `ChannelPipeline.swift` before the hundred files
/// that use the type, and `holiday photos` `holiday-photos-2019.7z` before a note about
/// holiday photos (docs/benchmarks.md, "Names first").
///
/// The names come from the trigram index of names (`file_name`), a LIKE for each word of
/// three characters or more, then each word, shorter ones too, is checked to be a word of
/// the name (or of a camelCase word's parts, or a plural's): `def` is not in `default.txt`,
/// `ip address` finds `IPAddress.swift`. A query of words under three letters alone reads
/// the names (`v2` finds `cert-v2.pem`). Within the tier, a name made of the query's words
/// and nothing more (its extension aside) comes first: `channel handler` finds
/// `ChannelHandler.swift` before `NIOChannelHandler.swift` and `ChannelHandlerContext.swift`.
/// When more than `mostNames` names hold the words (no evidence then), the tier is those
/// names made of them alone, if any; when more than `candidates` hold their letters, there
/// is none.
enum NameTier {
    static let mostNames = 50
    /// The most names the LIKEs give to be checked word by word.
    static let candidates = 1_000

    /// `ranked` (the first tier, every word held) with the documents named by every word
    /// first, in their order; a named document the ranking did not reach is ranked by its
    /// best chunk and put among them, or by its first chunk, after them, when its chunks do
    /// not hold the words.
    static func promote(_ ranked: [RankedChunk], _ db: SQLiteConnection, request: SearchRequest, plan: LexicalPlan) throws -> [RankedChunk] {
        guard !request.allChunks, let names = try documents(db, request), !names.isEmpty else { return ranked }
        let named = Set(names.keys)
        var first = ranked.filter { named.contains($0.document) }
        let missing = named.subtracting(first.map(\.document))
        if !missing.isEmpty {
            let ids = missing.map(String.init).joined(separator: ",")
            var seen: Set<Int64> = []
            for row in try db.rows("""
                SELECT chunk_fts.rowid AS chunk, c.document_id AS document, folio_bm25(chunk_fts, ?, ?, ?, ?) AS score
                FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid
                WHERE chunk_fts MATCH ? AND chunk_fts.rowid IN (SELECT id FROM chunk WHERE document_id IN (\(ids)))
                ORDER BY score, chunk_fts.rowid
                """, Ranking.weights.arguments + [plan.countsArgument, plan.expression]) where seen.insert(row["document"]).inserted {
                first.append(RankedChunk(chunk: row["chunk"], document: row["document"], score: row["score"], matchesAll: true))
            }
            // Named by words the index does not hold as words (`nio` of `NIOChannelHandler.7z`,
            // whose name is one token): its first chunk, after those the words rank, unless
            // the query excludes words its text might hold.
            let unmatched = missing.subtracting(seen)
            if !unmatched.isEmpty, request.query.excluded.isEmpty {
                for row in try db.rows("SELECT id, document_id FROM chunk WHERE document_id IN (\(unmatched.map(String.init).joined(separator: ","))) AND ordinal = 0") {
                    first.append(RankedChunk(chunk: row["id"], document: row["document_id"], score: 0, matchesAll: true))
                }
            }
        }
        let asked = askedWords(request)
        let exact = Set(names.filter { isMadeOf(asked, name: $0.value) }.keys)
        first.sort { (exact.contains($0.document) ? 0 : 1, $0.score, $0.chunk) < (exact.contains($1.document) ? 0 : 1, $1.score, $1.chunk) }
        for index in first.indices { first[index].named = true }
        return first + ranked.filter { !named.contains($0.document) }
    }

    /// The documents within the request's filters whose file name holds every required
    /// group (a word of the group, as typed), with their names; `nil` when the query cannot
    /// say.
    private static func documents(_ db: SQLiteConnection, _ request: SearchRequest) throws -> [Int64: String]? {
        let texts = lookedUp(request)
        guard !texts.isEmpty else { return nil }
        let (conditions, arguments) = lookups(texts)
        var filters = request.filters
        filters.pages = nil
        let (narrowing, narrowingArguments) = filters.conditions
        // The names first (`CROSS JOIN` keeps that order): from a date's or a size's index
        // instead, SQLite asked the trigram index again for each document the range holds.
        let rows = try db.rows("""
            SELECT f.rowid AS id, f.name AS name FROM file_name f CROSS JOIN document d ON d.id = f.rowid
            WHERE \(conditions.joined(separator: " AND "))\(narrowing) LIMIT ?
            """, arguments + narrowingArguments + [candidates + 1])
        guard let named = named(rows, request: request, name: { $0["name"] as String }) else { return nil }
        return Dictionary(named.map { ($0["id"] as Int64, $0["name"] as String) }, uniquingKeysWith: { first, _ in first })
    }

    /// Of the names the look-ups found (`candidates` at most, else none can be told), those
    /// that hold every required group, word by word; when more than `mostNames` do (no
    /// evidence then), those made of the query's words alone, if any and no more than that.
    /// What the index's names and a walk's listed ones (`listed`) are kept by alike.
    static func named<Found>(_ found: [Found], request: SearchRequest, name: (Found) -> String) -> [Found]? {
        guard found.count <= candidates else { return nil }
        let held = found.filter { holdsEveryGroup(request.query.required, name: name($0)) }
        guard held.count > mostNames else { return held }
        // Too many names hold the words to tell them apart; one made of them and nothing
        // more (`CNIOBoringSSL.h` among the `CNIOBoringSSL_*.h`) still says what was typed.
        let asked = askedWords(request)
        let exact = held.filter { isMadeOf(asked, name: name($0)) }
        return exact.isEmpty || exact.count > mostNames ? nil : exact
    }

    /// The query's required words, lower case, as `isMadeOf` compares them.
    static func askedWords(_ request: SearchRequest) -> Set<String> {
        Set(request.query.required.flatMap { $0.flatMap(\.tokens) }.map { $0.lowercased() })
    }

    /// A LIKE of the names for each group of `texts` (a term's texts all, one of a group's
    /// terms).
    private static func lookups(_ texts: [[[String]]]) -> (conditions: [String], arguments: SQLiteArguments) {
        var conditions: [String] = []
        var arguments: SQLiteArguments = []
        for looked in texts {
            conditions.append("(" + looked.map { tokens in "(" + tokens.map { _ in "f.name LIKE ?" }.joined(separator: " AND ") + ")" }
                .joined(separator: " OR ") + ")")
            arguments += SQLiteArguments(looked.joined().map { "%" + $0 + "%" })
        }
        return (conditions, arguments)
    }

    /// The texts the names are looked up by. The trigrams look up words of three letters or
    /// more; a group with a term of shorter words alone is checked word by word only. A
    /// query of such groups alone (`x`, `v2`, `my`) looks them up, reading the names until
    /// more than `candidates` hold its letters.
    static func lookedUp(_ request: SearchRequest) -> [[[String]]] {
        let long = looked(request.query.required, shortest: 3)
        return long.isEmpty ? looked(request.query.required, shortest: 1) : long
    }

    /// For each group whose every term has a token of `shortest` letters or more, each
    /// term's such tokens.
    private static func looked(_ groups: [[SearchQuery.Term]], shortest: Int) -> [[[String]]] {
        groups.compactMap { group in
            let looked = group.map { $0.tokens.filter { $0.count >= shortest } }
            return looked.allSatisfy { !$0.isEmpty } ? looked : nil
        }
    }

    /// Whether each group has a term whose every token is a word of `name`.
    static func holdsEveryGroup(_ groups: [[SearchQuery.Term]], name: String) -> Bool {
        var words: Set<String> = []
        for token in FullTextTokenizer.tokens(in: name[...]) {
            words.insert(token.lowercased())
            for part in CodeTerms.parts(of: token) { words.insert(part.lowercased()) }
        }
        return groups.allSatisfy { group in group.contains { term in term.tokens.allSatisfy { sameWord($0.lowercased(), in: words) } } }
    }

    /// Whether every word of `name` but its extension is one of `asked` (lower-cased query
    /// tokens): a camelCase word when it is asked whole or each of its parts is.
    static func isMadeOf(_ asked: Set<String>, name: String) -> Bool {
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        let tokens = FullTextTokenizer.tokens(in: stem)
        return !tokens.isEmpty && tokens.allSatisfy { token in
            sameWord(token.lowercased(), in: asked) || CodeTerms.parts(of: token).allSatisfy { sameWord($0.lowercased(), in: asked) }
        }
    }

    /// Whether `word` is one of `words`, or its plural or singular is.
    private static func sameWord(_ word: String, in words: Set<String>) -> Bool {
        words.contains(word) || words.contains(word + "s") || words.contains(word + "es")
            || (word.hasSuffix("s") && words.contains(String(word.dropLast())))
            || (word.hasSuffix("es") && words.contains(String(word.dropLast(2))))
    }
}
