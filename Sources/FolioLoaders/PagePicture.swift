internal import CMuPDF
internal import Glibc

/// A PDF page drawn for a preview (`folio ui`): the PNG, and where each word sits on it in
/// its pixels, so that the words a search or a citation matched can be marked over it.
/// Made in a worker process (`foliod-worker --render-page`): a PDF that crashes MuPDF costs
/// that process, not the server that asked.
public struct PagePicture: Sendable {
    public var png: [UInt8]
    public var width: Int
    public var height: Int
    /// The document's pages.
    public var pages: Int
    public var words: [Word]

    public struct Word: Sendable, Equatable {
        public var text: String
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
    }

    /// Page `page` (from 1) of the PDF at `path`, drawn at `dpi`.
    public static func render(path: String, page: Int, dpi: Int) throws(LoaderError) -> PagePicture {
        let document: MuPDFDocument
        do {
            document = try MuPDFDocument(path: path)
        } catch {
            switch error {
            case .encrypted: throw LoaderError.encrypted(path: path)
            case let .failed(reason): throw LoaderError.unreadable(path: path, reason: reason)
            }
        }
        guard (1...max(1, document.pageCount)).contains(page), document.pageCount > 0 else {
            throw LoaderError.unreadable(path: path, reason: "it has no page \(page) (it has \(document.pageCount))")
        }
        do {
            return try document.picture(page: page - 1, dpi: dpi)
        } catch {
            throw LoaderError.unreadable(path: path, reason: "page \(page): \(error.description)")
        }
    }
}

extension MuPDFDocument {
    func picture(page index: Int, dpi: Int) throws(PageReadError) -> PagePicture {
        var error = [CChar](repeating: 0, count: 512)
        var length = 0
        var width: Int32 = 0
        var height: Int32 = 0
        var originX: Float = 0
        var originY: Float = 0
        guard let png = folio_mupdf_render_png(document, Int32(index), Float(dpi), &length, &width, &height, &originX, &originY, &error, error.count) else {
            throw PageReadError(description: String(cMessage: error))
        }
        defer { free(png) }
        let bytes = Array(UnsafeBufferPointer(start: png, count: length))
        guard let listed = folio_mupdf_page_words(document, Int32(index), &error, error.count) else {
            throw PageReadError(description: String(cMessage: error))
        }
        defer { free(listed) }
        let scale = Double(dpi) / 72
        let words = String(cString: listed).split(separator: "\n").compactMap { line -> PagePicture.Word? in
            let parts = line.split(separator: "\t", maxSplits: 1)
            let box = parts.first?.split(separator: " ").compactMap { Double($0) } ?? []
            guard parts.count == 2, box.count == 4 else { return nil }
            return PagePicture.Word(text: String(parts[1]), x: (box[0] - Double(originX)) * scale, y: (box[1] - Double(originY)) * scale,
                                    width: (box[2] - box[0]) * scale, height: (box[3] - box[1]) * scale)
        }
        return PagePicture(png: bytes, width: Int(width), height: Int(height), pages: pageCount, words: words)
    }
}
