internal import CSQLite
internal import CFullText
internal import Glibc

extension SQLiteConnection {
    /// The terms FTS5 looks up for `text` in a table made with `tokenizer` (its
    /// `tokenize` option as words: `["porter", "unicode61", "remove_diacritics", "2"]`):
    /// folded and stemmed as the index holds them.
    public func fullTextTerms(of text: String, tokenizer: [String]) throws(SQLiteError) -> [String] {
        try fullTextTokens(of: text, tokenizer: tokenizer, document: false).map(\.term)
    }

    /// The terms FTS5 stores for a row's `text` in a table made with `tokenizer`, each with
    /// the UTF-8 offsets of the text it was made from: where a query's words are in it.
    public func fullTextTokens(of text: String, tokenizer: [String]) throws(SQLiteError) -> [FullTextToken] {
        try fullTextTokens(of: text, tokenizer: tokenizer, document: true)
    }

    private func fullTextTokens(of text: String, tokenizer: [String], document: Bool) throws(SQLiteError) -> [FullTextToken] {
        let made = try self.tokenizer(tokenizer)
        var text = text
        // The tokens collected through a pointer to a local array: a class's property was
        // checked for exclusive access at run time at each token's append.
        var tokens: [FullTextToken] = []
        let result = withUnsafeMutablePointer(to: &tokens) { tokens in
            text.withUTF8 { bytes in
                folio_fts_tokenizer_run(made, document ? 1 : 0, bytes.baseAddress, Int32(bytes.count), {
                    context, token, length, start, end in
                    guard let context, let token else { return 0 }
                    context.assumingMemoryBound(to: [FullTextToken].self).pointee.append(FullTextToken(
                        term: String(decoding: UnsafeRawBufferPointer(start: token, count: Int(length)), as: UTF8.self),
                        bytes: Int(start)..<Int(end)))
                    return 0
                }, tokens)
            }
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(extendedCode: result, message: "FTS5 tokenizer \(tokenizer.joined(separator: " ")) failed")
        }
        return tokens
    }

    /// The connection's tokenizer made from `words` (`fullTextTerms`), made at its first use.
    private func tokenizer(_ words: [String]) throws(SQLiteError) -> OpaquePointer {
        if let made = tokenizers[words] { return made }
        let arguments = words.dropFirst().map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var pointers = arguments.map { UnsafePointer($0) }
        var result = SQLITE_OK
        guard let made = folio_fts_tokenizer_open(handle, words.first ?? "unicode61", &pointers, Int32(pointers.count), &result) else {
            throw SQLiteError(extendedCode: result, message: "FTS5 tokenizer \(words.joined(separator: " ")) not found or not made")
        }
        tokenizers[words] = made
        return made
    }

    /// Makes Folio's ranking functions callable on this connection: `folio_bm25` and
    /// `folio_term_weight` (`CFullText/folio_fts.h`), and `folio_file_name`. `rowLengths`
    /// selects block `?1` of the row-length table they read lengths from.
    public func registerRanking(rowLengths: String?) throws(SQLiteError) {
        let result = folio_fts_register_ranking(handle, rowLengths)
        guard result == SQLITE_OK else { throw SQLiteError(extendedCode: result, message: "FTS5 ranking functions not registered") }
    }

    /// Rows per blob of the row-length table (`registerRanking(rowLengths:)`).
    public static let rowLengthBlock = Int64(FOLIO_FTS_BLOCK)
}
