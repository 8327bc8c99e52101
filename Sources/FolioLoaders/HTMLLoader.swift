public import FolioCore
internal import CLibXML2

/// HTML through libxml2's HTML parser, which recovers from broken markup as browsers do.
///
/// Kept: the visible text, with block elements as line breaks and table cells separated
/// by ` | `; entities decoded. Dropped: scripts, styles, templates, `<noscript>`, embedded
/// objects, navigation (`<nav>`, `role="navigation"`) and `hidden` elements. Headings are
/// the sections of the lines under them. The title is `<title>`, else the first `<h1>`.
///
/// The page is read as a stream of elements (libxml2's SAX interface), never built as a
/// tree: memory stays with the text, and markup nested however deep is read whole.
///
/// Related documentation:
/// <https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-HTMLparser.html>
public struct HTMLLoader: DocumentLoader {
    public var kind: DocumentKind { .html }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let collector = HTMLTextCollector()
        guard Self.parse(try TextDecoding.decode(file), into: collector) else {
            throw .malformed(path: file.path, kind: .html, reason: "libxml2 could not start a parser (out of memory)")
        }
        return LoadedDocument(kind: .html, title: collector.title ?? collector.firstTopHeading,
                              pages: [Page(number: 1, lines: collector.lines)])
    }

    /// Parses `text` as HTML into `collector`, and finishes it; `false` when libxml2 could
    /// not start (out of memory).
    static func parse(_ text: String, into collector: HTMLTextCollector) -> Bool {
        var text = text
        _ = Self.initialised
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            let (hidden, id) = Self.markers(attributes)
            HTMLTextCollector.from(context).start(Self.string(name), hidden: hidden, id: id)
        }
        handler.endElement = { context, name in HTMLTextCollector.from(context).end(Self.string(name)) }
        handler.characters = { context, characters, length in
            guard let characters, length > 0 else { return }
            HTMLTextCollector.from(context).characters(String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self))
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        let user = Unmanaged.passUnretained(collector).toOpaque()
        guard let context = htmlCreatePushParserCtxt(&handler, user, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else { return false }
        defer { htmlFreeParserCtxt(context) }
        // The text is decoded already: a <meta charset> must not make libxml2 decode it again.
        _ = htmlCtxtUseOptions(context, Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue))
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                var offset = 0
                while offset < characters.count {
                    let length = min(Self.chunkBytes, characters.count - offset)
                    _ = htmlParseChunk(context, characters.baseAddress! + offset, Int32(length), 0)
                    offset += length
                }
            }
        }
        _ = htmlParseChunk(context, nil, 0, 1)
        collector.finish()
        return true
    }

    /// What libxml2 is given at a time. Parsed as a stream, a page is never held as a tree,
    /// which takes many times the page's size (docs/benchmarks.md).
    private static let chunkBytes = 256 << 10

    /// libxml2 must be initialised once, before threads use it.
    private static let initialised: Void = xmlInitParser()

    private static func string(_ characters: UnsafePointer<xmlChar>?) -> String {
        characters.map { String(cString: $0) } ?? ""
    }

    /// Whether an element is hidden (`HTMLTextCollector.isHidden`), and its `id`.
    /// `attributes` holds names and values in turn, up to a null name.
    private static func markers(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> (hidden: Bool, id: String?) {
        guard var pair = attributes else { return (false, nil) }
        var hidden = false
        var id: String?
        while let rawName = pair[0] {
            let name = String(cString: rawName).lowercased()
            let value = string(pair[1])
            if HTMLTextCollector.isHidden(attribute: name, value: value) { hidden = true }
            if name == "id" { id = value }
            pair += 2
        }
        return (hidden, id)
    }
}
