public import FolioCore
internal import FolioSystem

/// Opens what a launcher's user chose: a document (a PDF at the page of the match), its
/// folder, or a page of results, with the program `[open]` in the configuration names,
/// else the desktop's default (`xdg-open`).
public final class Opener {
    public let options: OpenOptions
    /// The default PDF viewer, when it takes a page: looked up (`xdg-mime`, tens of
    /// milliseconds) once, and only when a PDF is opened without a configured command.
    private lazy var defaultPDFViewer: PDFViewer? = PDFViewer.userDefault()

    public init(options: OpenOptions) {
        self.options = options
    }

    /// The command that opens `path`, at `page` for a PDF. A document inside a file (a
    /// mailbox's message, a message's attachment: `DocumentKey`) opens that file, which
    /// the desktop gives to the mail program.
    public func command(path: String, page: Int, kind: DocumentKind) -> [String] {
        if DocumentKey.isInner(path) { return command(path: DocumentKey.file(of: path), page: 1, kind: .mail) }
        if kind == .pdf {
            if !options.pdfCommand.isEmpty { return Self.fill(options.pdfCommand, path: path, page: page) }
            if options.command.isEmpty, let viewer = defaultPDFViewer, ProgramRunner.isInstalled(viewer.rawValue) {
                return viewer.command(path: path, page: page)
            }
        }
        return options.command.isEmpty ? ["xdg-open", path] : Self.fill(options.command, path: path, page: page)
    }

    /// Starts the program that opens `path` and returns its process id, for the caller
    /// to reap.
    @discardableResult
    public func open(path: String, page: Int = 1, kind: DocumentKind) throws(LaunchError) -> Int32 {
        try Self.requireFile(path)
        return try ProgramRunner.start(command(path: path, page: page, kind: kind))
    }

    /// Refuses a file that is not there (on a drive that is not connected, or gone since it
    /// was indexed) with what to do, rather than handing the viewer a path it cannot open
    /// and saying nothing.
    public static func requireFile(_ path: String) throws(LaunchError) {
        let file = DocumentKey.file(of: path)
        if (try? FileStatus.of(file)) == nil { throw .notThere(path: file) }
    }

    /// Opens the folder that holds `path`.
    @discardableResult
    public func openContainingFolder(of path: String) throws(LaunchError) -> Int32 {
        let path = DocumentKey.file(of: path)
        try Self.requireFile(path)
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? path
        return try ProgramRunner.start(options.command.isEmpty ? ["xdg-open", folder] : Self.fill(options.command, path: folder, page: 1))
    }

    /// Replaces the placeholders in each argument of a configured command.
    static func fill(_ template: [String], path: String, page: Int) -> [String] {
        template.map { argument in
            argument.replacing(OpenOptions.Placeholder.path.rawValue, with: path)
                .replacing(OpenOptions.Placeholder.uri.rawValue, with: FileURI.encode(path))
                .replacing(OpenOptions.Placeholder.page.rawValue, with: String(page))
        }
    }
}
