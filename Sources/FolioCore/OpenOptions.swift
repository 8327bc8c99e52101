/// How the launchers (GNOME Shell, KRunner, rofi) open a result.
///
/// A command is an argument vector, not a shell line, so a file name can never be read as
/// shell syntax. Its arguments may hold the placeholders below, replaced for each result.
public struct OpenOptions: Sendable, Equatable {
    /// The placeholders a command may use.
    public enum Placeholder: String, CaseIterable, Sendable {
        /// The file's absolute path.
        case path = "{path}"
        /// The `file://` URI of the file.
        case uri = "{uri}"
        /// The page the match is on, counted from 1 (1 for files without pages).
        case page = "{page}"
    }

    /// Opens every result; empty: `xdg-open`, or the PDF viewer at the page (below).
    public var command: [String]
    /// Opens PDFs; empty: the default PDF viewer at the page when it is one that takes a
    /// page (evince, atril, okular, zathura, mupdf), else `command` or `xdg-open`.
    public var pdfCommand: [String]

    public init(command: [String], pdfCommand: [String]) {
        self.command = command
        self.pdfCommand = pdfCommand
    }

    /// Whether a command names the file it opens; one without `{path}` or `{uri}` would
    /// open nothing.
    public static func namesTheFile(_ command: [String]) -> Bool {
        command.contains { $0.contains(Placeholder.path.rawValue) || $0.contains(Placeholder.uri.rawValue) }
    }
}
