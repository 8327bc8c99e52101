public import FoundationEssentials

/// What `FolioEngine.ingest` reads.
public enum IngestInput: Sendable {
    /// A file on disk, read by the loader of its extension (`DocumentKind.extensions`, or
    /// one registered with `FolioEngine.register`).
    case file(URL)
    /// Text in memory. `name` (`"notes.md"`) gives the title of last resort and, by its
    /// extension, the loader: Markdown or HTML when it says so, plain text otherwise. It
    /// is the source identifier when `ingest` is given none.
    case text(String, name: String? = nil)
    /// A document's bytes, read by the loader of `fileExtension` (`"pdf"`, `"html"`, or
    /// one registered with `FolioEngine.register`).
    case data(Data, fileExtension: String)
}
