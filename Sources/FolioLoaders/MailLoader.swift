public import FolioCore
internal import CGMime
internal import Glibc

/// One mail message: an `.eml` file, or a message file of a Maildir folder, read by GMime
/// (`MailMessage` makes the document).
///
/// Related documentation: <https://developer-old.gnome.org/gmime/stable/>
public struct MailLoader: DocumentLoader {
    public var kind: DocumentKind { .mail }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        try file.checkReadable()
        var mail = folio_mail()
        var error = [CChar](repeating: 0, count: 256)
        guard folio_mail_read(file.path, Int(clamping: file.maxSize), &mail, &error, error.count) == 0 else {
            throw .malformed(path: file.path, kind: .mail, reason: String(cMessage: error))
        }
        defer { folio_mail_free(&mail) }
        return MailMessage.document(mail)
    }
}
