internal import FolioCore

/// The slides of a PowerPoint 97–2003 file (`.ppt`): a page per slide in the
/// presentation's order, the slide's title its section, a line per paragraph of its text
/// boxes, then its speaker notes, as `PPTXReader` gives a `.pptx`; the title and author
/// from the file's summary information (`SummaryInformation`).
///
/// The file's last edit is found as PowerPoint finds it: the `Current User` stream points
/// to the newest `UserEditAtom` in the `PowerPoint Document` stream, and the persist
/// directories of that edit and the ones before it give each object's offset; the
/// document's slide list (a `SlideListWithText`, its `SlidePersistAtom`s in the
/// presentation's order) names the slides. A slide's text is where either writer keeps
/// it: PowerPoint puts the placeholders' text in the slide list after the slide's atom,
/// LibreOffice and every text box not a placeholder in the slide's drawing
/// (`OfficeArtClientTextbox`). A text the slide list holds for a slide is not taken from
/// its drawing again. A slide's notes page is found by its id in the notes' slide list.
/// Masters are left out, as `PPTXReader` leaves them. Catdoc's `catppt` was tried first
/// and gives no text for LibreOffice's files.
///
/// Related documentation: [MS-PPT] PowerPoint (.ppt) Binary File Format, §2.1–2.3, §2.4.14,
/// §2.9.
struct PPTReader {
    let file: SourceFile
    /// The file's bytes, read to tell its format.
    let bytes: [UInt8]

    private enum RecordType {
        static let document: UInt16 = 0x03E8
        static let slide: UInt16 = 0x03EE
        static let slideAtom: UInt16 = 0x03EF
        static let notes: UInt16 = 0x03F0
        static let slidePersist: UInt16 = 0x03F3
        static let textHeader: UInt16 = 0x0F9F
        static let textChars: UInt16 = 0x0FA0
        static let textBytes: UInt16 = 0x0FA8
        static let slideListWithText: UInt16 = 0x0FF0
        static let userEdit: UInt16 = 0x0FF5
        static let persistDirectory: UInt16 = 0x1772
        static let clientTextbox: UInt16 = 0xF00D
    }

    /// A record's header and where its body lies in the stream.
    private struct Record {
        let type: UInt16
        let instance: UInt16
        let isContainer: Bool
        let body: Range<Int>
    }

    /// A text and whether it is a title (TextHeaderAtom's types 0 and 6).
    private typealias Text = (text: String, isTitle: Bool)

    func read() throws(LoaderError) -> LoadedDocument {
        let stream: [UInt8]?, currentUser: [UInt8]?
        let properties: OfficePackage.Properties
        do throws(CompoundFileStreams.Failure) {
            let streams = try CompoundFileStreams(bytes: bytes)
            stream = try streams.stream(named: "PowerPoint Document")
            currentUser = try streams.stream(named: "Current User")
            properties = SummaryInformation.properties(in: streams)
        } catch {
            throw .malformed(path: file.path, kind: .presentation, reason: error.description)
        }
        guard let stream, let currentUser else {
            throw .malformed(path: file.path, kind: .presentation, reason: "it holds no PowerPoint Document or no Current User stream")
        }
        let parser = Parser(bytes: stream, path: file.path)
        return LoadedDocument(kind: .presentation, title: properties.title, pages: try parser.pages(currentUser: currentUser),
                              fields: properties.fields)
    }

    private struct Parser {
        let bytes: [UInt8]
        let path: String

        func pages(currentUser: [UInt8]) throws(LoaderError) -> [Page] {
            // CurrentUserAtom: a record header, then size, token and offsetToCurrentEdit.
            guard currentUser.count >= 20 else { throw failure("its Current User stream is cut short") }
            if CompoundFileStreams.uint32(currentUser, 12) == 0xF3D1_C4DF { throw .encrypted(path: path) }
            let pointed = Int(CompoundFileStreams.uint32(currentUser, 16))
            let objects = try persistObjects(newestEdit: (try? record(at: pointed))?.type == RecordType.userEdit ? pointed : lastEdit())
            guard let documentOffset = objects.document, let documentRecord = try record(at: documentOffset),
                  documentRecord.type == RecordType.document else { throw failure("its document record is missing") }

            // The slide list: each slide's persist id, and the text that follows its atom;
            // the notes list: each notes page's persist id by its id, which slides name.
            var slides: [(persist: UInt32, texts: [Text])] = []
            var notesPages: [UInt32: UInt32] = [:]
            for list in try children(of: documentRecord) where list.type == RecordType.slideListWithText {
                var header = false
                for atom in try children(of: list) {
                    switch atom.type {
                    case RecordType.slidePersist where atom.body.count >= 16:
                        let persist = CompoundFileStreams.uint32(bytes, atom.body.lowerBound)
                        if list.instance == 0 { slides.append((persist, [])) }
                        if list.instance == 2 { notesPages[CompoundFileStreams.uint32(bytes, atom.body.lowerBound + 12)] = persist }
                    case RecordType.textHeader where atom.body.count >= 4:
                        header = [0, 6].contains(CompoundFileStreams.uint32(bytes, atom.body.lowerBound))
                    case RecordType.textChars, RecordType.textBytes:
                        if list.instance == 0, !slides.isEmpty { slides[slides.count - 1].texts.append((text(of: atom), header)) }
                        header = false
                    default:
                        break
                    }
                }
            }

            var builder = PageBuilder()
            for slide in slides {
                var texts = slide.texts
                var notes: [Text] = []
                if let offset = objects.offsets[slide.persist], let container = try record(at: offset), container.type == RecordType.slide {
                    let listed = Set(texts.map(\.text))
                    texts += try drawingTexts(in: container).filter { !listed.contains($0.text) }
                    if let notesId = try notesId(of: container), let notesPersist = notesPages[notesId], let notesOffset = objects.offsets[notesPersist],
                       let notesContainer = try record(at: notesOffset), notesContainer.type == RecordType.notes {
                        notes = try drawingTexts(in: notesContainer).filter { !$0.isTitle }
                    }
                }
                builder.section = texts.first(where: \.isTitle).map { Self.lines(of: $0.text).joined(separator: " ") }
                // A lone `*` is a field's mark (the slide's number, a date), not text.
                for text in texts + notes where text.text != "*" {
                    Self.lines(of: text.text).forEach { builder.add($0) }
                }
                builder.endPage()
            }
            builder.section = nil
            return builder.finish()
        }

        /// The last edit record among the stream's own records, for a file whose `Current
        /// User` stream points elsewhere (a stale one, left by a program that saved the
        /// document stream alone), as PowerPoint's readers find it.
        private func lastEdit() throws(LoaderError) -> Int {
            var last: Int?
            var offset = 0
            while let found = try? record(at: offset) {
                if found.type == RecordType.userEdit { last = offset }
                offset = found.body.upperBound
            }
            guard let last else { throw failure("its Current User stream points to no edit record, and the stream holds none") }
            return last
        }

        /// The offsets of the persisted objects, the newest edit's over the older ones',
        /// and the document's persist id.
        private func persistObjects(newestEdit: Int) throws(LoaderError) -> (offsets: [UInt32: Int], document: Int?) {
            var offsets: [UInt32: Int] = [:]
            var documentId: UInt32?
            var edit = newestEdit
            var seen: Set<Int> = []
            while seen.insert(edit).inserted {
                guard let atom = try record(at: edit), atom.type == RecordType.userEdit, atom.body.count >= 20 else {
                    throw failure("its edit record at \(edit) is missing")
                }
                let body = atom.body.lowerBound
                if documentId == nil { documentId = CompoundFileStreams.uint32(bytes, body + 16) }
                let directoryOffset = Int(CompoundFileStreams.uint32(bytes, body + 12))
                guard let directory = try record(at: directoryOffset), directory.type == RecordType.persistDirectory else {
                    throw failure("its persist directory at \(directoryOffset) is missing")
                }
                var position = directory.body.lowerBound
                while position + 4 <= directory.body.upperBound {
                    let entry = CompoundFileStreams.uint32(bytes, position)
                    let first = entry & 0xF_FFFF, count = Int(entry >> 20)
                    position += 4
                    for index in 0 ..< count where position + 4 * index + 4 <= directory.body.upperBound {
                        let id = first + UInt32(index)
                        if offsets[id] == nil { offsets[id] = Int(CompoundFileStreams.uint32(bytes, position + 4 * index)) }
                    }
                    position += 4 * count
                }
                let previous = Int(CompoundFileStreams.uint32(bytes, body + 8))
                if previous == 0 { break }
                edit = previous
            }
            return (offsets, documentId.flatMap { offsets[$0] })
        }

        /// The texts of a slide's or notes page's text boxes, in the drawing's order (groups
        /// nest shapes; past `maximumDepth` a nesting is not followed).
        private func drawingTexts(in container: Record, depth: Int = 0) throws(LoaderError) -> [Text] {
            var texts: [Text] = []
            for child in try children(of: container) {
                if child.type == RecordType.clientTextbox {
                    var header = false
                    for atom in try children(of: child) {
                        if atom.type == RecordType.textHeader, atom.body.count >= 4 {
                            header = [0, 6].contains(CompoundFileStreams.uint32(bytes, atom.body.lowerBound))
                        } else if atom.type == RecordType.textChars || atom.type == RecordType.textBytes {
                            texts.append((text(of: atom), header))
                        }
                    }
                } else if child.isContainer, depth < Self.maximumDepth {
                    texts += try drawingTexts(in: child, depth: depth + 1)
                }
            }
            return texts
        }

        static let maximumDepth = 32

        /// The id of the slide's notes page, from its SlideAtom (`notesIdRef`; 0 for none).
        private func notesId(of slide: Record) throws(LoaderError) -> UInt32? {
            guard let atom = try children(of: slide).first(where: { $0.type == RecordType.slideAtom }), atom.body.count >= 20 else { return nil }
            let id = CompoundFileStreams.uint32(bytes, atom.body.lowerBound + 16)
            return id == 0 ? nil : id
        }

        private func text(of atom: Record) -> String {
            let body = bytes[atom.body]
            if atom.type == RecordType.textBytes { return String(body.map { Character(Unicode.Scalar($0)) }) }
            return TextDecoding.utf16(body, bigEndian: false)
        }

        /// A text's paragraphs (ended by a carriage return) and line breaks (a vertical tab).
        static func lines(of text: String) -> [String] {
            text.split(whereSeparator: { $0 == "\r" || $0 == "\u{0B}" || $0 == "\n" }).map(String.init)
        }

        private func record(at offset: Int) throws(LoaderError) -> Record? {
            guard offset >= 0, offset + 8 <= bytes.count else { return nil }
            let versionAndInstance = CompoundFileStreams.uint16(bytes, offset)
            let length = Int(CompoundFileStreams.uint32(bytes, offset + 4))
            guard length <= bytes.count - offset - 8 else { throw failure("a record at \(offset) runs past the stream's end") }
            return Record(type: CompoundFileStreams.uint16(bytes, offset + 2), instance: versionAndInstance >> 4,
                          isContainer: versionAndInstance & 0xF == 0xF, body: offset + 8 ..< offset + 8 + length)
        }

        private func children(of parent: Record) throws(LoaderError) -> [Record] {
            var found: [Record] = []
            var offset = parent.body.lowerBound
            while offset + 8 <= parent.body.upperBound, let child = try record(at: offset) {
                guard child.body.upperBound <= parent.body.upperBound else { throw failure("a record at \(offset) runs past its container") }
                found.append(child)
                offset = child.body.upperBound
            }
            return found
        }

        private func failure(_ reason: String) -> LoaderError {
            .malformed(path: path, kind: .presentation, reason: reason)
        }
    }
}
