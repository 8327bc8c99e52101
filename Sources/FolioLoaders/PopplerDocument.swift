internal import CPoppler
internal import Glibc

/// A PDF read by poppler-glib; pages are rendered for OCR through cairo. Both are loaded
/// by the first document a process opens (`folio_poppler_load`), not at start.
///
/// Related documentation: <https://poppler.freedesktop.org/api/glib/>
final class PopplerDocument: PDFDocument {
    private let poppler: UnsafePointer<folio_poppler_api>
    private let document: OpaquePointer
    let pageCount: Int

    init(path: String) throws(PDFOpenError) {
        var loadError = [CChar](repeating: 0, count: 512)
        guard let poppler = folio_poppler_load(&loadError, loadError.count) else {
            throw .failed("poppler could not be loaded (\(String(cMessage: loadError))); install the Debian package libpoppler-glib8, or use pdf.backend = \"mupdf\"")
        }
        self.poppler = poppler
        var error: UnsafeMutablePointer<GError>?
        guard let uri = poppler.pointee.filename_to_uri(path, nil, &error) else {
            defer { poppler.pointee.error_free(error) }
            throw .failed(error.map { String(cString: $0.pointee.message) } ?? "not a valid file name")
        }
        defer { poppler.pointee.free(uri) }
        guard let document = poppler.pointee.document_new_from_file(uri, nil, &error) else {
            defer { if error != nil { poppler.pointee.error_free(error) } }
            if let error, error.pointee.domain == poppler.pointee.error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw .encrypted
            }
            throw .failed(error.map { String(cString: $0.pointee.message) } ?? "poppler could not open it")
        }
        self.document = document
        pageCount = Int(poppler.pointee.document_get_n_pages(document))
    }

    deinit {
        poppler.pointee.object_unref(UnsafeMutableRawPointer(document))
    }

    var title: String? {
        guard let value = poppler.pointee.document_get_title(document) else { return nil }
        defer { poppler.pointee.free(value) }
        return String(cString: value)
    }

    /// Poppler answers the page number when the PDF defines no labels; that is no label.
    func label(ofPage index: Int) -> String? {
        let label = withPage(index) { page -> String? in
            guard let label = poppler.pointee.page_get_label(page) else { return nil }
            defer { poppler.pointee.free(label) }
            return String(cString: label)
        } ?? nil
        return label == String(index + 1) ? nil : label
    }

    func text(ofPage index: Int) throws(PageReadError) -> String {
        guard let text = withPage(index, { page -> String in
            guard let text = poppler.pointee.page_get_text(page) else { return "" }
            defer { poppler.pointee.free(text) }
            return String(cString: text)
        }) else { throw PageReadError(description: "poppler could not load page \(index + 1)") }
        return text
    }

    /// Poppler's image mapping gives where images are, not their pixels.
    func images(onPage index: Int) throws(PageReadError) -> PageImages {
        guard let coverage = withPage(index, { page -> Double in
            var width = 0.0
            var height = 0.0
            poppler.pointee.page_get_size(page, &width, &height)
            let mappings = poppler.pointee.page_get_image_mapping(page)
            defer { poppler.pointee.page_free_image_mapping(mappings) }
            var covered = 0.0
            var item = mappings
            while let node = item {
                if let area = node.pointee.data?.assumingMemoryBound(to: PopplerImageMapping.self).pointee.area {
                    let visibleWidth = min(max(area.x1, area.x2), width) - max(min(area.x1, area.x2), 0)
                    let visibleHeight = min(max(area.y1, area.y2), height) - max(min(area.y1, area.y2), 0)
                    if visibleWidth > 0, visibleHeight > 0 { covered += visibleWidth * visibleHeight }
                }
                item = node.pointee.next
            }
            return width * height > 0 ? min(1, covered / (width * height)) : 0
        }) else { throw PageReadError(description: "poppler could not load page \(index + 1)") }
        return PageImages(coverage: coverage, drawingBytes: nil)
    }

    func renderGray(page index: Int, dpi: Int) throws(PageReadError) -> GrayImage {
        let image = withPage(index) { page -> GrayImage? in
            var widthPoints = 0.0
            var heightPoints = 0.0
            poppler.pointee.page_get_size(page, &widthPoints, &heightPoints)
            let resolution = GrayImage.resolution(width: widthPoints, height: heightPoints, dpi: dpi)
            let scale = resolution / 72
            let width = Int32((widthPoints * scale).rounded(.up))
            let height = Int32((heightPoints * scale).rounded(.up))
            guard width > 0, height > 0, let surface = poppler.pointee.image_surface_create(CAIRO_FORMAT_RGB24, width, height) else { return nil }
            defer { poppler.pointee.surface_destroy(surface) }
            guard poppler.pointee.surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = poppler.pointee.create(surface) else { return nil }
            poppler.pointee.set_source_rgb(context, 1, 1, 1)
            poppler.pointee.paint(context)
            poppler.pointee.scale(context, scale, scale)
            poppler.pointee.page_render(page, context)
            poppler.pointee.destroy(context)
            poppler.pointee.surface_flush(surface)
            return gray(surface, width: Int(width), height: Int(height), dpi: resolution)
        }
        guard case let image?? = consume image else { throw PageReadError(description: "poppler could not render page \(index + 1)") }
        return image
    }

    private func withPage<T: ~Copyable>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
        guard let page = poppler.pointee.document_get_page(document, Int32(index)) else { return nil }
        defer { poppler.pointee.object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// Cairo's RGB24 is 32 bits a pixel, blue in the lowest byte on this little-endian
    /// machine; gray is the ITU-R 601 luma of the three.
    private func gray(_ surface: OpaquePointer, width: Int, height: Int, dpi: Double) -> GrayImage? {
        guard let data = poppler.pointee.image_surface_get_data(surface) else { return nil }
        let sourceStride = Int(poppler.pointee.image_surface_get_stride(surface))
        guard let pixels = malloc(width * height)?.assumingMemoryBound(to: UInt8.self) else { return nil }
        for y in 0..<height {
            let row = data + y * sourceStride
            for x in 0..<width {
                let blue = Int(row[x * 4]), green = Int(row[x * 4 + 1]), red = Int(row[x * 4 + 2])
                pixels[y * width + x] = UInt8((red * 299 + green * 587 + blue * 114) / 1000)
            }
        }
        return GrayImage(width: width, height: height, stride: width, dpi: dpi, pixels: pixels)
    }
}
