public import FolioCore

/// A zip archive (`holiday-photos.zip`, `invoices-2023.zip`): its page is the names of its
/// files, one a line, so the archive is found by what it holds; each file of a kind Folio
/// reads inside others (`DocumentKind.isReadInsideOthers`) is an attachment, indexed
/// as a document inside the archive (`DocumentKey`) as a message's attachments are.
///
/// Read through `ZipArchive`, whose budget bounds what a bomb inflates; a file over
/// `max_file_size` is recorded as too large, and the files read stop at `readBytes` (what
/// the worker holds at once), the rest named in a problem.
public struct ArchiveLoader: DocumentLoader {
    public var kind: DocumentKind { .archive }

    /// The most bytes of files read out of one archive.
    public static let readBytes: Int64 = 128 << 20

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        let archive = try ZipArchive(file: file, kind: .archive)
        let files = archive.files
        var document = LoadedDocument(kind: .archive, title: nil,
                                      pages: [Page(number: 1, lines: files.map { TextLine($0.name) })])
        var read: Int64 = 0
        var left: [String] = []
        for (name, size) in files {
            guard DocumentKind(path: name)?.isReadInsideOthers == true else { continue }
            guard size <= file.maxSize else {
                document.attachments.append(Attachment(name: name, content: nil, size: Int(clamping: size)))
                continue
            }
            guard read + size <= Self.readBytes else {
                left.append(name)
                continue
            }
            do {
                let content = try archive.read(name)
                read += Int64(content.count)
                document.attachments.append(Attachment(name: name, content: content, size: content.count))
            } catch .inflateLimit(let reason) {
                throw .malformed(path: file.path, kind: .archive, reason: reason)
            } catch {
                document.problems.append("\(name) could not be read out of the archive: \(error)")
            }
        }
        if !left.isEmpty {
            document.problems.append("\(left.count) files not read: the archive's readable files are over \(Self.readBytes >> 20) MiB "
                + "(\(left.prefix(3).joined(separator: ", "))\(left.count > 3 ? ", …" : ""))")
        }
        return document
    }
}
