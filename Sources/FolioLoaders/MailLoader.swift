public import FolioCore
internal import CGMime
internal import Glibc

/// One mail message: an `.eml` file, or a message file of a Maildir folder, read by GMime.
///
/// The subject is the title. The first lines are the sender, the recipients and the date
/// (`From: …`, `To: …`, `Cc: …`, `Date: …`, names and addresses decoded), so a message is
/// found by who wrote it and to whom. Then the body: of the alternatives a message offers,
/// the plain text, else the HTML (read as the HTML loader reads a page); every other text
/// part in order; a forwarded message's subject as a heading, its parts after it. An
/// attachment is a line with its file name (`Attachment: report.pdf`); its content is not
/// read (yet: the attachments of the kinds Folio reads are to become documents of their
/// own). A part in a charset GMime cannot convert is read as UTF-8 with the broken bytes
/// replaced, and the document says so.
///
/// Related documentation: <https://developer-old.gnome.org/gmime/stable/>
public struct MailLoader: DocumentLoader {
    public var kind: DocumentKind { .mail }

    public init() {}

    public func load(_ file: SourceFile) throws(LoaderError) -> LoadedDocument {
        try file.checkReadable()
        var mail = folio_mail()
        var error = [CChar](repeating: 0, count: 256)
        guard folio_mail_read(file.path, &mail, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .malformed(path: file.path, kind: .mail, reason: reason)
        }
        defer { folio_mail_free(&mail) }
        let subject = Self.string(mail.subject)?.collapsingWhitespace()
        var builder = PageBuilder()
        builder.section = subject.flatMap { $0.isEmpty ? nil : $0 }
        var fields: [DocumentField: String] = [:]
        for (field, label, value) in [(DocumentField.from, "From", mail.from), (.to, "To", mail.to), (.cc, "Cc", mail.cc), (.date, "Date", mail.date)] {
            guard let value = Self.string(value)?.collapsingWhitespace(), !value.isEmpty else { continue }
            fields[field] = value
            builder.add("\(label): \(value)")
        }
        var problems: [String] = []
        for index in 0 ..< mail.part_count {
            let part = mail.parts[index]
            if let problem = Self.string(part.problem) { problems.append(problem) }
            switch Int(part.kind) {
            case Int(FOLIO_MAIL_PLAIN.rawValue):
                for line in TextDecoding.lines(of: Substring(Self.string(part.text) ?? "")) { builder.add(String(line)) }
            case Int(FOLIO_MAIL_HTML.rawValue):
                let collector = HTMLTextCollector()
                if HTMLLoader.parse(Self.string(part.text) ?? "", into: collector) {
                    collector.lines.forEach { builder.add($0.text) }
                }
            case Int(FOLIO_MAIL_ATTACHMENT.rawValue):
                builder.add("Attachment: \(Self.string(part.name) ?? "unnamed")")
            case Int(FOLIO_MAIL_FORWARDED.rawValue):
                builder.addHeading(Self.string(part.name).map { "Forwarded: \($0)" } ?? "Forwarded message")
            default:
                continue
            }
        }
        return LoadedDocument(kind: .mail, title: subject.flatMap { $0.isEmpty ? nil : $0 }, pages: builder.finish(), problems: problems,
                              fields: fields)
    }

    /// A C string from GMime, its invalid UTF-8 (a part in an unknown charset) repaired.
    private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
    }
}
