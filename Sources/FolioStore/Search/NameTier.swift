internal import FolioSQLite
internal import FolioText

/// Files whose name holds every word of the query, ranked before the other documents that
/// hold them all: a name that says what you typed is stronger evidence than text that
/// mentions it. `ChannelPipeline` finds `ChannelPipeline.swift` before the hundred files
/// that use the type, and `holiday photos` `holiday-photos-2019.7z` before a note about
/// holiday photos (docs/benchmarks.md, "Names first").
///
/// The names come from the trigram index of names (`file_name`), a LIKE for each word of
/// three characters or more, then each word is checked to be a word of the name (or of a
/// camelCase word's parts, or a plural's): `def` is not in `default.txt`. A query with a
/// shorter word, or whose words more than `mostNames` names hold (no evidence then), has no
/// such tier.
enum NameTier {
    static let mostNames = 50
    /// The most names the LIKEs give to be checked word by word.
    static let candidates = 1_000

    /// `ranked` (the first tier, every word held) with the documents named by every word
    /// first, in their order; a named document the ranking did not reach is ranked by its
    /// best chunk and put among them.
    static func promote(_ ranked: [RankedChunk], _ db: SQLiteConnection, request: SearchRequest, plan: LexicalPlan) throws -> [RankedChunk] {
        guard !request.allChunks, let named = try documents(db, request), !named.isEmpty else { return ranked }
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
        }
        first.sort { ($0.score, $0.chunk) < ($1.score, $1.chunk) }
        for index in first.indices { first[index].named = true }
        return first + ranked.filter { !named.contains($0.document) }
    }

    /// The documents within the request's filters whose file name holds every required
    /// group (a word of the group, as typed); `nil` when the query cannot say.
    private static func documents(_ db: SQLiteConnection, _ request: SearchRequest) throws -> Set<Int64>? {
        var conditions: [String] = []
        var arguments: SQLiteArguments = []
        for group in request.query.required {
            guard group.allSatisfy({ $0.tokens.allSatisfy { $0.count >= 3 } }) else { return nil }
            conditions.append("(" + group.map { term in "(" + term.tokens.map { _ in "f.name LIKE ?" }.joined(separator: " AND ") + ")" }
                .joined(separator: " OR ") + ")")
            arguments += SQLiteArguments(group.flatMap(\.tokens).map { "%" + $0 + "%" })
        }
        var filters = request.filters
        filters.pages = nil
        let (narrowing, narrowingArguments) = filters.conditions
        // The names first (`CROSS JOIN` keeps that order): from a date's or a size's index
        // instead, SQLite asked the trigram index again for each document the range holds.
        let rows = try db.rows("""
            SELECT f.rowid AS id, f.name AS name FROM file_name f CROSS JOIN document d ON d.id = f.rowid
            WHERE \(conditions.joined(separator: " AND "))\(narrowing) LIMIT ?
            """, arguments + narrowingArguments + [candidates + 1])
        guard rows.count <= candidates else { return nil }
        let ids = rows.filter { holdsEveryGroup(request.query.required, name: $0["name"]) }.map { $0["id"] as Int64 }
        return ids.count > mostNames ? nil : Set(ids)
    }

    /// Whether each group has a term whose every token is a word of `name`.
    static func holdsEveryGroup(_ groups: [[SearchQuery.Term]], name: String) -> Bool {
        var words: Set<String> = []
        for token in FullTextTokenizer.tokens(in: name[...]) {
            words.insert(token.lowercased())
            for part in CodeTerms.parts(of: token) { words.insert(part.lowercased()) }
        }
        func holds(_ token: String) -> Bool {
            words.contains(token) || words.contains(token + "s") || words.contains(token + "es")
                || (token.hasSuffix("s") && words.contains(String(token.dropLast())))
                || (token.hasSuffix("es") && words.contains(String(token.dropLast(2))))
        }
        return groups.allSatisfy { group in group.contains { term in term.tokens.allSatisfy { holds($0.lowercased()) } } }
    }
}
