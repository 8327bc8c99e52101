internal import FolioText
internal import FolioCore
internal import FolioSQLite

extension IndexReader {
    /// Runs a search: first the chunks that contain every term, ranked by BM25; then, if
    /// that left room, the chunks that contain only some, ranked the same way below them.
    /// So `tax 2023` shows documents with both words first, and a long question still gets
    /// its best partial matches.
    public func search(_ request: SearchRequest) throws(StoreError) -> [SearchHit] {
        guard let all = request.query.allTermsExpression, request.limit > 0 else { return [] }
        return try read("search") { db in
            var hits = try Self.ranked(db, expression: all, request: request, limit: request.limit, matchesAll: true)
            if hits.count < request.limit, let any = request.query.anyTermExpression {
                let seen = Set(hits.map { request.allChunks ? "\($0.path)#\($0.chunkOrdinal)" : $0.path })
                let more = try Self.ranked(db, expression: any, request: request, limit: request.limit + hits.count, matchesAll: false)
                hits += more.filter { !seen.contains(request.allChunks ? "\($0.path)#\($0.chunkOrdinal)" : $0.path) }
                    .prefix(request.limit - hits.count)
            }
            return hits
        }
    }

    /// The best `limit` matches of one MATCH expression, with their snippets.
    private static func ranked(_ db: SQLiteConnection, expression: String, request: SearchRequest, limit: Int, matchesAll: Bool) throws -> [SearchHit] {
        var filters = ""
        var arguments: SQLiteArguments = [Ranking.textWeight, Ranking.sectionWeight, Ranking.titleWeight, expression]
        let scope = request.scope.condition(column: "d.path")
        if request.scope != .everything {
            filters += " AND " + scope.sql
            arguments += scope.arguments
        }
        if !request.kinds.isEmpty {
            filters += " AND d.kind IN (" + Array(repeating: "?", count: request.kinds.count).joined(separator: ", ") + ")"
            arguments += SQLiteArguments(request.kinds.map(\.rawValue).sorted())
        }
        let matches = """
            SELECT chunk_fts.rowid AS chunk_id, c.document_id AS document_id, bm25(chunk_fts, ?, ?, ?) AS score
            FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id
            WHERE chunk_fts MATCH ?\(filters)
            """
        let sql = request.allChunks
            ? "\(matches) ORDER BY score, chunk_id LIMIT ?"
            : """
              WITH matches AS (\(matches)),
              best AS (SELECT chunk_id, score, row_number() OVER (PARTITION BY document_id ORDER BY score, chunk_id) AS n FROM matches)
              SELECT chunk_id, score FROM best WHERE n = 1 ORDER BY score, chunk_id LIMIT ?
              """
        arguments += [limit]
        let ranked = try db.rows(sql, arguments).map { (id: $0["chunk_id"] as Int64, score: $0["score"] as Double) }
        guard !ranked.isEmpty else { return [] }
        // FTS5 evaluates the MATCH expression again for every row it is asked for, which
        // costs about a millisecond for a long question: only snippets are worth that.
        let ids = ranked.map { String($0.id) }.joined(separator: ",")
        let columns = """
            c.id, d.path, d.title, d.kind, c.ordinal, c.page_first, c.page_last, c.page_break, c.section,
            p1.label AS label1, p1.ocr_confidence AS ocr1, p2.label AS label2, p2.ocr_confidence AS ocr2
            """
        let page = """
            LEFT JOIN page p1 ON p1.document_id = c.document_id AND p1.number = c.page_first
            LEFT JOIN page p2 ON p2.document_id = c.document_id AND p2.number = c.page_last
            """
        // For a chunk over two pages, the whole text with the matches marked tells which
        // page the first match is on.
        let rows = request.snippetWords > 0
            ? try db.rows("""
                SELECT \(columns), snippet(chunk_fts, 0, char(57344), char(57345), '…', ?) AS snippet,
                       CASE WHEN c.page_break IS NOT NULL THEN highlight(chunk_fts, 0, char(57344), char(57345)) END AS marked
                FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id \(page)
                WHERE chunk_fts MATCH ? AND chunk_fts.rowid IN (\(ids))
                """, [min(request.snippetWords, 64), expression])
            : try db.rows("""
                SELECT \(columns), '' AS snippet, NULL AS marked FROM chunk c JOIN document d ON d.id = c.document_id \(page) WHERE c.id IN (\(ids))
                """)
        let byID = Dictionary(rows.map { ($0["id"] as Int64, $0) }, uniquingKeysWith: { first, _ in first })
        return ranked.compactMap { match in
            guard let row = byID[match.id] else { return nil }
            let firstPage: Int = row["page_first"]
            var onLastPage = false
            if let pageBreak = row["page_break"] as Int?, let marked = row["marked"] as String?,
               let firstMatch = marked.unicodeScalars.firstIndex(of: Snippet.openMark) {
                onLastPage = marked.unicodeScalars.distance(from: marked.unicodeScalars.startIndex, to: firstMatch) >= pageBreak
            }
            return SearchHit(
                path: row["path"], title: row["title"], kind: DocumentKind(rawValue: row["kind"]) ?? .text,
                chunkOrdinal: row["ordinal"], page: onLastPage ? row["page_last"] : firstPage, firstPage: firstPage,
                lastPage: row["page_last"], pageLabel: row[onLastPage ? "label2" : "label1"], section: row["section"],
                snippet: Snippet(marked: row["snippet"] ?? ""), score: match.score, matchesAllTerms: matchesAll,
                ocrConfidence: row[onLastPage ? "ocr2" : "ocr1"])
        }
    }
}
