/// The full-text index as `Migrations/v0001_core.sql` creates `chunk_fts`: its tokenizer,
/// through which query words become the terms it holds, and its columns.
enum FullTextIndex {
    static let tokenizer = ["porter", "unicode61", "remove_diacritics", "2"]
    /// Its columns: text, section, title.
    static let columns = 3
}
