internal import FolioCore
internal import FolioProtocol
internal import FolioSearch
internal import FolioStore

/// `/api/preview`: a result's page, its words marked.
extension UIRoutes {
    struct Preview: Encodable, Sendable {
        var type: String
        var path: String
        var page: Int
        /// The page's printed label where it has one that is not its place in the file
        /// (page 41 the 42nd of 114): the results show the label, so the preview names both.
        var label: String?
        var pages: Int
        var image: String?
        var width: Int?
        var height: Int?
        /// The marked words' boxes on the image: x, y, width, height, in its pixels.
        var boxes: [[Double]]?
        var text: String?
        var highlights: [[Int]]?
    }

    /// A PDF page as an image with the words asked for marked on it; any other document's
    /// chunk at that page (or the chunk named) as text with them highlighted.
    func preview(_ query: [String: String]) throws(UIError) -> Preview {
        let (record, page) = try pageArguments(query)
        let path = record.path
        let marks = WordMarks(query["q"] ?? "")
        if record.kind == .pdf {
            let picture = try previews.picture(path: path, page: page)
            let boxes = marks.marked(picture.words.map(\.text)).map { picture.words[$0].box }
            let label = session.withIndex { index in try? index.reader?.pageLabel(of: path, page: page) }.flatMap { $0 }
            return Preview(type: "pdf", path: path, page: page, label: label == String(page) ? nil : label, pages: picture.pages,
                           image: "/api/page.png?path=\(PercentEncoding.encode(path))&page=\(page)", width: picture.width, height: picture.height, boxes: boxes)
        }
        let text = try session.withIndex { index throws(UIError) -> String in
            guard let reader = index.reader else { throw .index(index.unavailable ?? "no index") }
            do {
                let chunk = try query["chunk"].flatMap { Int($0) } ?? reader.chunk(of: path, page: page) ?? 0
                return try reader.passages(of: path, chunks: chunk...chunk).map(\.text).joined(separator: "\n")
            } catch {
                throw .index(session.describe(error))
            }
        }
        return Preview(type: "text", path: path, page: page, pages: record.pageCount, text: text, highlights: marks.highlights(in: text))
    }

    /// The indexed document and the page a preview asks for.
    func pageArguments(_ query: [String: String]) throws(UIError) -> (document: DocumentRecord, page: Int) {
        guard let path = query["path"], !path.isEmpty else { throw .missingArgument("path") }
        let page = try query["page"].map { value throws(UIError) -> Int in
            guard let page = Int(value), page >= 1 else { throw .invalidArgument(name: "page", reason: "must be a page number from 1") }
            return page
        } ?? 1
        return (try document(path), page)
    }
}
