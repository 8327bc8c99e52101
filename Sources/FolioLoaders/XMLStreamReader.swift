internal import CLibXML2
internal import Glibc

/// The XML of one zip entry as a stream of events, through libxml2's pull reader: the
/// entry is inflated as the reader asks for bytes, and no tree is built, so a sheet of a
/// million cells costs the memory of its text.
///
/// Office Open XML's `mc:Fallback` elements are skipped with all they hold.
///
/// Safe with hostile XML: no network, no external DTD or entity loaded, and entities are
/// never substituted (an entity reference is skipped, so a "billion laughs" expands to
/// nothing); libxml2 limits the nesting depth (256) and the length of a text node.
///
/// Related documentation: <https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-xmlreader.html>
final class XMLStreamReader {
    /// What the reader met. An empty element (`<w:tab/>`) gives its `end` too.
    enum Event: Equatable {
        case start(XMLName)
        case end(XMLName)
        case text(String)
    }

    /// What the reader reads: an entry inflated as it goes, or bytes in memory.
    private let stream: ZipEntryStream?
    private let memory: UnsafeMutableBufferPointer<UInt8>?
    private let name: String
    private let reader: OpaquePointer
    /// The first error libxml2 reported, for the failure's message.
    fileprivate var firstError: String?
    /// The element just started was empty: its `end` comes next.
    private var pendingEnd: XMLName?

    /// The options of every reader: no network, no messages on stderr, CDATA as text;
    /// neither `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`.
    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    init(_ stream: ZipEntryStream) throws(ZipArchive.Failure) {
        self.stream = stream
        memory = nil
        name = stream.name
        _ = XMLStreamReader.initialised
        let context = Unmanaged.passUnretained(stream).toOpaque()
        guard let reader = xmlReaderForIO({ context, buffer, length in
            let stream = Unmanaged<ZipEntryStream>.fromOpaque(context!).takeUnretainedValue()
            let read = try? stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length)))
            return read.map(Int32.init) ?? -1
        }, nil, context, stream.name, nil, Self.options) else {
            throw .entry(name: stream.name, reason: "libxml2 could not start a reader (out of memory)")
        }
        self.reader = reader
        keepFirstError()
    }

    /// A reader of `bytes` already read (`name` says where from, for errors).
    init(bytes: [UInt8], name: String) throws(ZipArchive.Failure) {
        stream = nil
        self.name = name
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        self.memory = memory
        _ = XMLStreamReader.initialised
        guard let reader = memory.withMemoryRebound(to: CChar.self, { xmlReaderForMemory($0.baseAddress, Int32(bytes.count), name, nil, Self.options) }) else {
            memory.deallocate()
            throw .entry(name: name, reason: "libxml2 could not start a reader (out of memory)")
        }
        self.reader = reader
        keepFirstError()
    }

    /// Keeps libxml2's first error message for the failure.
    private func keepFirstError() {
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            let reader = Unmanaged<XMLStreamReader>.fromOpaque(context!).takeUnretainedValue()
            guard reader.firstError == nil, let message = error?.pointee.message else { return }
            reader.firstError = String(cString: message).trimmingWhitespace()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        memory?.deallocate()
    }

    /// The next event, or `nil` at the end of the document.
    func next() throws(ZipArchive.Failure) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name)
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            guard status == 1 else {
                if let failure = stream?.failure { throw failure }
                throw .entry(name: name, reason: "not well-formed XML: \(firstError ?? "the reader stopped")")
            }
            switch UInt32(bitPattern: xmlTextReaderNodeType(reader)) {
            case XML_READER_TYPE_ELEMENT.rawValue:
                let name = currentName
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                // Markup compatibility's Fallback repeats what its Choice holds, for readers
                // that do not know the Choice's markup (a text box is in both): read once.
                if name.family == .compatibility, name.local == "Fallback" {
                    if !empty { try skip(name) }
                    continue
                }
                if empty { pendingEnd = name }
                return .start(name)
            case XML_READER_TYPE_END_ELEMENT.rawValue:
                return .end(currentName)
            case XML_READER_TYPE_TEXT.rawValue, XML_READER_TYPE_CDATA.rawValue, XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue,
                 XML_READER_TYPE_WHITESPACE.rawValue:
                guard let value = xmlTextReaderConstValue(reader) else { continue }
                return .text(String(cString: value))
            default:
                continue
            }
        }
    }

    /// The value of an attribute of the element just started, `nil` when it has none.
    /// `namespace` is the attribute's namespace URI (`nil` for an unqualified attribute).
    func attribute(_ localName: String, namespace: String? = nil) -> String? {
        let value: UnsafeMutablePointer<xmlChar>? = if let namespace {
            xmlTextReaderGetAttributeNs(reader, localName, namespace)
        } else {
            xmlTextReaderGetAttribute(reader, localName)
        }
        guard let value else { return nil }
        // libxml2 allocates with malloc (its `xmlFree` is `free` unless a program replaces it).
        defer { free(value) }
        return String(cString: value)
    }

    /// The value of an attribute in any of `namespaces` (OOXML's transitional and strict).
    func attribute(_ localName: String, in namespaces: Set<String>) -> String? {
        for namespace in namespaces {
            if let value = attribute(localName, namespace: namespace) { return value }
        }
        return nil
    }

    /// Reads to the end of the element just started, returning its text.
    func text(of element: XMLName) throws(ZipArchive.Failure) -> String {
        var text = ""
        var depth = 0
        while let event = try next() {
            switch event {
            case .start: depth += 1
            case let .text(value): text += value
            case let .end(name):
                if depth == 0, name == element { return text }
                depth -= 1
            }
        }
        return text
    }

    /// Skips to the end of the element just started.
    func skip(_ element: XMLName) throws(ZipArchive.Failure) {
        _ = try text(of: element)
    }

    /// The element's name. libxml2 interns names in the reader's dictionary, so a name is
    /// made into Swift strings once per reader, not once per element (which took a fifth of
    /// the time of reading a document), and found again by the addresses of its parts.
    private var currentName: XMLName {
        let local = xmlTextReaderConstLocalName(reader)
        let namespace = xmlTextReaderConstNamespaceUri(reader)
        let key = NameKey(local: UnsafeRawPointer(local), namespace: UnsafeRawPointer(namespace))
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: key.local) &>> 4) ^ (UInt(bitPattern: key.namespace) &>> 6)) & (Self.slots - 1)
        if let cached = names[slot], cached.key == key { return cached.name }
        let name = XMLName(local: local.map { String(cString: $0) } ?? "", namespace: namespace.map { String(cString: $0) } ?? "")
        names[slot] = (key, name)
        return name
    }

    /// The names met, in a cache indexed by their parts' addresses (no hashing: a
    /// dictionary's hashing was 2 % of indexing office files); a name that lands on a slot
    /// taken by another is made again.
    private var names = [(key: NameKey, name: XMLName)?](repeating: nil, count: slots)
    private static let slots = 256

    private struct NameKey: Equatable {
        var local: UnsafeRawPointer?
        var namespace: UnsafeRawPointer?
    }

    /// libxml2 must be initialised once, before threads use it.
    private static let initialised: Void = xmlInitParser()
}

/// An element's name: its local part and namespace URI (prefixes vary between writers),
/// and which of the namespaces Folio reads that is.
struct XMLName: Equatable {
    let local: String
    let namespace: String
    let family: XMLNamespace

    init(local: String, namespace: String) {
        self.local = local
        self.namespace = namespace
        family = XMLNamespace.of(namespace)
    }
}
