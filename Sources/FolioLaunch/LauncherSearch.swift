public import FolioCore
public import FolioStore
internal import FolioText
public import FolioSemantic
internal import FolioSearch
internal import FolioSystem

/// The search every launcher runs: the same query parsing and ranking as `folioq`
/// (`Searcher`), shaped into rows a launcher shows, and remembered so the
/// launcher's follow-up calls (metas, activation) need no second search.
public final class LauncherSearch {
    /// One row: what the launcher shows and the result it opens.
    public struct Row: Sendable, Equatable {
        public var id: ResultID
        public var kind: DocumentKind
        /// The document's title, else its file name.
        public var name: String
        /// "p. 3" for documents with pages.
        public var pageText: String?
        /// The page and the snippet, on one line.
        public var description: String
        public var snippet: Snippet
        /// A freedesktop icon name for the kind of file.
        public var iconName: String
        /// Whether the document holds every word searched for.
        public var matchesAllTerms: Bool
        /// What found the result: a launcher shows "by meaning" for a result no word found.
        public var foundBy: FoundBy = .words
    }

    public let databasePath: String
    /// Where the query's meaning comes from (the embedder's socket; the first keystroke
    /// with none running starts it); `nil`: search by words only.
    private let meaning: MeaningSearch?
    private var index: ReopeningReader
    private var remembered: [ResultID: Row] = [:]
    /// Rows kept for follow-up calls: a few searches' worth, so a long session cannot grow.
    private let rememberedLimit = 500

    public init(databasePath: String, meaning: MeaningSearch? = nil) {
        self.databasePath = databasePath
        self.meaning = meaning
        index = ReopeningReader(path: databasePath)
    }

    /// Why a search gave no rows: the index, or a field of the query not understood
    /// (`after:2023-13`), which each launcher says its own way.
    public enum Failure: Error, CustomStringConvertible {
        case index(StoreError)
        case filter(FilterError)

        public var description: String {
            switch self {
            case let .index(error): error.description
            case let .filter(error): error.description
            }
        }
    }

    /// The best `limit` documents for what the user typed, narrowed by its fields
    /// (`FilterSyntax`). No index yet gives no rows: the launcher stays quiet until
    /// something is indexed.
    public func search(_ text: String, limit: Int) throws(Failure) -> [Row] {
        var request = SearchRequest(query: SearchQuery(parsing: ""), limit: limit, snippetWords: 16, mode: .hybrid)
        do {
            request.query = try SearchQuery(typed: text, filters: &request.filters)
        } catch {
            throw .filter(error)
        }
        // By words alone when meaning cannot be had: a launcher stays quiet about why
        // (folioctl status says it).
        let results: SearchResults
        do {
            guard let reader = try openReader() else { return [] }
            results = try Searcher(index: reader, meaning: meaning).search(request)
        } catch .damaged {
            // Noted for foliod, which rebuilds it (`DamageMarker`); quiet until then.
            index.close()
            return []
        } catch {
            throw .index(error)
        }
        let rows = results.hits.map { hit in
            var row = Self.row(hit)
            // The result says what found it: a launcher has no heading to say it in.
            if hit.foundBy == .meaning {
                let said = results.unmatchedWords.isEmpty ? "By meaning" : results.noDocumentHas() + "; related by meaning"
                row.description = row.description.isEmpty ? said : said + " · " + row.description
            }
            return row
        }
        if remembered.count + rows.count > rememberedLimit { remembered.removeAll(keepingCapacity: true) }
        for row in rows { remembered[row.id] = row }
        return rows
    }

    /// A row this process returned, or for an id from elsewhere (the provider was started
    /// again since the search), a row without snippet if the id names an indexed file.
    public func row(for id: ResultID) throws(StoreError) -> Row? {
        if let row = remembered[id] { return row }
        guard let reader = try openReader(), let document = try reader.documents(in: .document(id.path)).first else { return nil }
        let name = document.title ?? Self.fileName(id.path)
        let page = Self.pageText(kind: document.kind, page: id.page, label: nil)
        return Row(id: id, kind: document.kind, name: name, pageText: page, description: page ?? "",
                   snippet: Snippet(text: "", highlights: []), iconName: Self.iconName(document.kind), matchesAllTerms: false)
    }

    /// How much is indexed; `nil` before anything is.
    public func counts() throws(StoreError) -> IndexCounts? {
        try openReader()?.counts()
    }

    /// The reader (`ReopeningReader`), or `nil` while there is nothing to search: nothing
    /// indexed yet, foliod creating or upgrading the index, or rebuilding a damaged one.
    private func openReader() throws(StoreError) -> IndexReader? {
        do {
            return try index.current()
        } catch {
            guard IndexAvailability(error) != nil else { throw error }
            return nil
        }
    }

    private static func row(_ hit: SearchHit) -> Row {
        let page = pageText(kind: hit.kind, page: hit.page, label: hit.pageLabel, lastPage: hit.lastPage)
        return Row(id: ResultID(path: hit.path, page: hit.page), kind: hit.kind, name: hit.title ?? fileName(hit.path), pageText: page,
                   description: [hit.offline.map { Self.capitalised($0.notConnected) }, page, hit.snippet.text]
                       .compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · "),
                   snippet: hit.snippet, iconName: iconName(hit.kind), matchesAllTerms: hit.matchesAllTerms, foundBy: hit.foundBy)
    }

    /// "On a drive…": the description's first words.
    static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "p. 3" (or the printed label, "p. iv"), for documents that have pages.
    static func pageText(kind: DocumentKind, page: Int, label: String?, lastPage: Int = 1) -> String? {
        guard kind == .pdf || lastPage > 1 || page > 1 else { return nil }
        return "p. " + (label ?? String(page))
    }

    static func fileName(_ path: String) -> String {
        String(AbsolutePath.lastComponent(path))
    }

    static func iconName(_ kind: DocumentKind) -> String {
        switch kind {
        case .pdf: "application-pdf"
        case .html: "text-html"
        case .markdown: "text-x-markdown"
        case .text: "text-x-generic"
        case .image: "image-x-generic"
        case .document: "x-office-document"
        case .spreadsheet: "x-office-spreadsheet"
        case .presentation: "x-office-presentation"
        case .ebook: "application-epub+zip"
        case .mail: "message-rfc822"
        case .archive: "package-x-generic"
        case .code: "text-x-script"
        case .file: "application-x-generic"
        }
    }
}
