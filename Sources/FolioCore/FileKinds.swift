/// What Folio reads a file as: its kind by name (`DocumentKind(path:)`), and whether it is
/// a mbox mailbox, which holds a document per message instead of being one: a file named
/// `.mbox`, or a file without an extension below one of the configured mailbox folders
/// (`[mail] mailbox_folders`, Thunderbird's way of keeping mail).
public struct FileKinds: Sendable, Equatable {
    /// The mailbox folders, absolute.
    public let mailboxFolders: [String]
    /// Extensions read as source code besides Folio's own (`code_extensions`).
    public let codeExtensions: Set<String>

    /// Only `.mbox` files are mailboxes; only Folio's own extensions are code.
    public init() {
        mailboxFolders = []
        codeExtensions = []
    }

    public init(_ configuration: FolioConfiguration, home: String) {
        mailboxFolders = configuration.mail.mailboxFolders.map { AbsolutePath.normalise(FolioPaths.expandingTilde($0, home: home), relativeTo: "/") }
        codeExtensions = Set(configuration.codeExtensions)
    }

    /// The kind of the file at `path`: `.file` (known by its name alone) when Folio does
    /// not read such files.
    public func kind(of path: String) -> DocumentKind {
        if isMailbox(path) { return .mail }
        if let kind = DocumentKind(path: path) { return kind }
        return AbsolutePath.fileExtension(path).map(codeExtensions.contains) == true ? .code : .file
    }

    /// Whether the file at `path` is read as a mbox mailbox.
    public func isMailbox(_ path: String) -> Bool {
        guard let fileExtension = AbsolutePath.fileExtension(path) else {
            return !AbsolutePath.lastComponent(path).hasPrefix(".") && !DocumentKind.isMaildirMessage(path)
                && mailboxFolders.contains { path != $0 && AbsolutePath.isInside(path, $0) }
        }
        return fileExtension == "mbox"
    }
}
