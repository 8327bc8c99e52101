internal import FolioSQLite

/// The first `limit` of a tier's ranked chunks (best first) within the request's scope and
/// kinds, and one per document unless `allChunks`: the chunks of text, then those of
/// navigation (contents and index pages) of the documents not there already.
///
/// A ranked chunk's row is a page of the index of its own (it holds the text), and so is its
/// document's. Where the blocks know every ranked chunk's document (`ValueBlocks`), each
/// document is looked up before any of its chunks, and a chunk is read only when its document
/// is kept and has no chunk of text before it: a filter that keeps a third of the documents
/// read the rows of three times the chunks for ten results, and a large document's many
/// chunks each (docs/benchmarks.md, "Documents before their chunks"). A document whose blocks
/// show a time, size or extension the filters do not keep is not looked up at all.
enum BestPerDocument {
    /// `sieved`: the chunks are those a `ChunkSieve` of the request's filters kept.
    static func ranked(_ db: SQLiteConnection, _ scored: [ScoredChunk], request: SearchRequest, limit: Int,
                       matchesAll: Bool, sieved: Bool = false) throws -> [RankedChunk] {
        guard !scored.isEmpty else { return [] }
        // Without filters every document is kept, and the blocks cost more pages than the rows of
        // a few more chunks of the same documents; a page range is a condition on each chunk;
        // every chunk is its own with `allChunks`.
        guard request.narrowsMatches, !request.allChunks, request.filters.pages == nil else {
            return try rowByRow(db, scored, request: request, limit: limit, matchesAll: matchesAll)
        }
        let documents = try ValueBlocks.values(db, ValueBlocks.chunkDocuments, of: scored.map(\.chunk)).compactMap { $0 }
        // Every chunk's document known, and ids small enough to go to SQLite as one number.
        guard documents.count == scored.count, scored.allSatisfy({ $0.chunk < 1 << 31 }), documents.allSatisfy({ $0 < 1 << 32 }) else {
            return try rowByRow(db, scored, request: request, limit: limit, matchesAll: matchesAll)
        }
        // Documents whose blocks show a filter does not keep them are not looked up: a filter
        // that keeps a third of the documents, too many for the sieve, read a row for each of
        // the other two thirds only to rule them out (docs/benchmarks.md, "Extensions in blocks").
        let out = try ChunkSieve.ruledOut(db, documents: documents, by: sieved ? [] : ChunkSieve.conditions(of: request.filters))
        let kept = scored.indices.filter { !out[$0] }
        guard !kept.isEmpty else { return [] }
        return try documentsFirst(db, kept.map { scored[$0] }, documents: kept.map { documents[$0] }, request: request, limit: limit,
                                  matchesAll: matchesAll)
    }

    /// A chunk kept, where it was ranked. (A struct: an array of tuples had its type made at
    /// run time, at every search.)
    private struct Found {
        let index: Int
        let chunk: RankedChunk
    }

    /// Rounds of one chunk a document, in the chunks' order: the first round reads each
    /// document's best chunk until `limit` are text; the next reads the following chunk of
    /// the documents whose chunk was navigation (rare: contents pages), among the chunks
    /// ranked above the `limit`th of text, until no document waits. The filters are all on the
    /// documents (without pages), so a document kept keeps every chunk of it.
    private static func documentsFirst(_ db: SQLiteConnection, _ scored: [ScoredChunk], documents: [Int64], request: SearchRequest,
                                       limit: Int, matchesAll: Bool) throws -> [RankedChunk] {
        let (filters, arguments) = request.filters.conditions
        // Each chunk with its document as one number, the chunk's id in the high 32 bits: a
        // pair as a JSON array was parsed again for each of its two ids.
        let sql = """
            SELECT j.key, coalesce(c.navigation, 0) FROM json_each(?) j CROSS JOIN document d ON d.id = j.value & 4294967295
            CROSS JOIN chunk c ON c.id = j.value >> 32 WHERE 1\(filters)
            """
        // Each document's place among those of the chunks, in their order: what is known of a
        // document is kept in arrays (sets of the documents, grown as they went, cost more
        // than the rows).
        var places = [Int64: Int](minimumCapacity: scored.count)
        let place = documents.map { document in
            if let known = places[document] { return known }
            places[document] = places.count
            return places.count - 1
        }
        // Documents with a chunk of text, or not kept: none of their chunks is read again.
        var done = [Bool](repeating: false, count: places.count)
        // Documents with a chunk of navigation (and none of text so far: their next is read).
        var navigated = [Bool](repeating: false, count: places.count)
        // The round a document last had a chunk in.
        var inRound = [Int](repeating: -1, count: places.count)
        var round = 0
        var read = [Bool](repeating: false, count: scored.count)
        var text: [Found] = []
        var navigation: [Found] = []
        // Only chunks ranked above this can still be among the first `limit` of text.
        var bound = scored.count
        while true {
            var batch: [Int] = []
            for index in 0..<bound where !read[index] && !done[place[index]] && inRound[place[index]] != round {
                inRound[place[index]] = round
                batch.append(index)
            }
            guard !batch.isEmpty else { break }
            // Rows come for the chunks kept, in the batch's order: an entry passed over was ruled out.
            var next = 0
            var stopped = false
            func ruleOut(until end: Int) {
                while next < end {
                    done[place[batch[next]]] = true
                    read[batch[next]] = true
                    next += 1
                }
            }
            let pairs = IdArray.json(batch.lazy.map { scored[$0].chunk << 32 | documents[$0] })
            try db.readRows(sql, [pairs] + arguments, cached: true, while: { columns in
                let key = Int(columns.int64(0))
                ruleOut(until: key)
                let index = batch[key]
                next = key + 1
                read[index] = true
                let match = RankedChunk(chunk: scored[index].chunk, document: documents[index], score: scored[index].score,
                                        matchesAll: matchesAll, navigation: columns.int64(1) != 0)
                if match.navigation {
                    if !navigated[place[index]] { navigation.append(Found(index: index, chunk: match)) }
                    navigated[place[index]] = true
                } else {
                    done[place[index]] = true
                    text.append(Found(index: index, chunk: match))
                }
                stopped = round == 0 && text.count >= limit
                return !stopped
            })
            if !stopped { ruleOut(until: batch.count) }
            round += 1
            if text.count >= limit {
                text.sort { $0.index < $1.index }
                bound = text[limit - 1].index
            }
        }
        // Navigation is shown only when the chunks of text are fewer than `limit`, all shown
        // then; a document kept and done has one.
        text.sort { $0.index < $1.index }
        navigation.sort { $0.index < $1.index }
        return Array((text.map(\.chunk) + navigation.filter { !done[place[$0.index]] }.map(\.chunk)).prefix(limit))
    }

    /// Each ranked chunk's row and its document's, in their order, until `limit` documents
    /// are found: for a page range, every chunk with `allChunks`, or a chunk whose block is
    /// not made.
    private static func rowByRow(_ db: SQLiteConnection, _ scored: [ScoredChunk], request: SearchRequest, limit: Int,
                                 matchesAll: Bool) throws -> [RankedChunk] {
        let (filters, arguments) = request.filters.conditions
        var text: [RankedChunk] = []
        var navigation: [RankedChunk] = []
        var seen: Set<Int64> = []
        var seenNavigation: Set<Int64> = []
        func key(_ match: RankedChunk) -> Int64 { request.allChunks ? match.chunk : match.document }
        // One statement over every chunk, read in their order until `limit` documents are
        // found: a few documents are looked up when the first chunks are enough, and a
        // filter that keeps a tenth of the documents needs one statement, not one for each
        // slice of chunks (each prepared anew, as its list of ids was in its text).
        try db.readRows("""
            SELECT j.key, c.document_id, coalesce(c.navigation, 0)
            FROM json_each(?) j CROSS JOIN chunk c ON c.id = j.value CROSS JOIN document d ON d.id = c.document_id WHERE 1\(filters)
            """, [IdArray.json(scored.lazy.map(\.chunk))] + arguments, while: { columns in
            let match = scored[Int(columns.int64(0))]
            let ranked = RankedChunk(chunk: match.chunk, document: columns.int64(1), score: match.score, matchesAll: matchesAll,
                                     navigation: columns.int64(2) != 0)
            if ranked.navigation {
                if seenNavigation.insert(key(ranked)).inserted { navigation.append(ranked) }
            } else if seen.insert(key(ranked)).inserted {
                text.append(ranked)
            }
            return text.count < limit
        })
        return Array((text + navigation.filter { !seen.contains(key($0)) }).prefix(limit))
    }
}
