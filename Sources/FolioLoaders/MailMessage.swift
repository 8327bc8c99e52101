internal import FolioCore
internal import CGMime
internal import Glibc

/// A message GMime read (`folio_mail`) as a document, the same for a message file and a
/// mailbox's message.
///
/// The subject is the title. The first lines are the sender, the recipients and the date
/// (`From: …`, `To: …`, `Cc: …`, `Date: …`, names and addresses decoded), so a message is
/// found by who wrote it and to whom. Then the body: of the alternatives a message offers,
/// the plain text, else the HTML (read as the HTML loader reads a page); every other text
/// part in order; a forwarded message's subject as a heading, its parts after it. An
/// attachment is a line with its file name (`Attachment: report.pdf`), and, when it is
/// named and within the size limit, one of the document's `attachments`, which the
/// indexer reads as documents of their own. A part in a charset GMime cannot convert is
/// read as UTF-8 with the broken bytes replaced, and the document says so.
enum MailMessage {
    /// `fromMailbox`: the message was stored in a mbox file, which put `>` before each body
    /// line starting with "From " (and one more before each already quoted so, mboxrd):
    /// one is taken off again.
    static func document(_ mail: folio_mail, fromMailbox: Bool = false) -> LoadedDocument {
        let subject = string(mail.subject)?.collapsingWhitespace()
        var builder = PageBuilder()
        builder.section = subject.flatMap { $0.isEmpty ? nil : $0 }
        var fields: [DocumentField: String] = [:]
        for (field, label, value) in [(DocumentField.from, "From", mail.from), (.to, "To", mail.to), (.cc, "Cc", mail.cc), (.date, "Date", mail.date)] {
            guard let value = string(value)?.collapsingWhitespace(), !value.isEmpty else { continue }
            fields[field] = value
            builder.add("\(label): \(value)")
        }
        if let id = string(mail.message_id).flatMap({ MessageIDs.parse($0).first ?? MessageIDs.bare($0) }) { fields[.messageID] = id }
        if let parent = string(mail.in_reply_to).flatMap({ MessageIDs.parse($0).last }) { fields[.inReplyTo] = parent }
        if let references = string(mail.references).map(MessageIDs.parse), !references.isEmpty {
            fields[.references] = references.joined(separator: " ")
        }
        var problems: [String] = []
        var attachments: [Attachment] = []
        for index in 0 ..< mail.part_count {
            let part = mail.parts[index]
            if let problem = string(part.problem) { problems.append(problem) }
            switch Int(part.kind) {
            case Int(FOLIO_MAIL_PLAIN.rawValue):
                for line in TextDecoding.lines(of: Substring(string(part.text) ?? "")) {
                    let escaped = fromMailbox && line.first == ">" && line.drop(while: { $0 == ">" }).hasPrefix("From ")
                    builder.add(String(escaped ? line.dropFirst() : line))
                }
            case Int(FOLIO_MAIL_HTML.rawValue):
                let collector = HTMLTextCollector()
                if HTMLLoader.parse(string(part.text) ?? "", into: collector) {
                    collector.lines.forEach { builder.add($0.text) }
                }
            case Int(FOLIO_MAIL_ATTACHMENT.rawValue):
                let name = string(part.name) ?? "unnamed"
                builder.add("Attachment: \(name)")
                guard part.content != nil || part.content_length > 0 else { continue }
                let content = part.content.map { Array(UnsafeBufferPointer(start: $0, count: part.content_length)) }
                attachments.append(Attachment(name: name, content: content, size: part.content_length))
            case Int(FOLIO_MAIL_FORWARDED.rawValue):
                builder.addHeading(string(part.name).map { "Forwarded: \($0)" } ?? "Forwarded message")
            default:
                continue
            }
        }
        var document = LoadedDocument(kind: .mail, title: subject.flatMap { $0.isEmpty ? nil : $0 }, pages: builder.finish(), problems: problems,
                                      fields: fields)
        document.attachments = attachments
        return document
    }

    /// A C string from GMime, its invalid UTF-8 (a part in an unknown charset) repaired.
    static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
    }
}
