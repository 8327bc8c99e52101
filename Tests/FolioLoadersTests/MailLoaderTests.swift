import Foundation
import Testing
import FolioCore
import FolioSystem
@testable import FolioLoaders

/// Mail messages written by Python's email package (`Fixtures/office/generate.py`), and
/// broken ones, read by GMime.
@Suite struct MailLoaderTests {
    private func load(_ name: String) throws -> LoadedDocument {
        try Fixture.load("mail/" + name)
    }

    private func lines(_ name: String) throws -> [String] {
        try load(name).pages.flatMap(\.lines).map(\.text)
    }

    @Test func message_hasItsSubjectAsTitle_andWhoWroteToWhomAndWhen_asLines() throws {
        let document = try load("plain.eml")
        #expect(document.kind == .mail)
        #expect(document.title == "Réunion du port: dredging schedule", "the RFC 2047 subject decoded")
        let text = document.pages.flatMap(\.lines).map(\.text)
        #expect(Array(text.prefix(4)) == [
            "From: Ada Tidewater <ada@harbour.example>",
            "To: Harbour Office <office@harbour.example>, Ben Quay <ben@harbour.example>",
            "Cc: Cé Lighthouse <ce@harbour.example>",
            "Date: 2023-11-14T09:30:00+01",
        ])
        #expect(text.contains("Moorings A1–A3 must be clear by noon."), "quoted-printable decoded: \(text)")
        #expect(document.pages.flatMap(\.lines).allSatisfy { $0.section == "Réunion du port: dredging schedule" })
        #expect(document.fields == [
            .from: "Ada Tidewater <ada@harbour.example>", .to: "Harbour Office <office@harbour.example>, Ben Quay <ben@harbour.example>",
            .cc: "Cé Lighthouse <ce@harbour.example>", .date: "2023-11-14T09:30:00+01",
        ])
    }

    @Test func alternatives_givePlainText_andHTMLOnlyWhenThereIsNoPlainText() throws {
        let both = try lines("alternative.eml")
        #expect(both.contains("The lighthouse rota is attached below."))
        #expect(!both.contains { $0.contains("beacon") }, "the HTML alternative is not read beside the plain text")
        let html = try lines("html-only.eml")
        #expect(html.contains("Harbour news") && html.contains("Seals sighted near the breakwater."))
        #expect(!html.contains { $0.contains("tracking") || $0.contains("<p>") || $0.contains("<h1>") }, "no script, no markup: \(html)")
    }

    @Test func attachments_areNamed_forwardedMessagesRead_charsetsConverted() throws {
        let attached = try lines("attachment.eml")
        #expect(attached.contains("Attachment: invoice-2023.pdf"))
        #expect(!attached.contains { $0.contains("PDF-1.4") }, "an attachment's bytes are not text")
        #expect(try load("attachment.eml").attachments == [Attachment(name: "invoice-2023.pdf", content: Array("%PDF-1.4 not really a pdf".utf8), size: 25)])
        let forwarded = try load("forwarded.eml")
        let text = forwarded.pages.flatMap(\.lines)
        #expect(text.contains { $0.text == "Spring tides on the 12th." && $0.section == "Forwarded: Tide tables for December" })
        #expect(try lines("latin1.eml").contains("Café crème au port."))
    }

    @Test func brokenMessages_areReadAsFarAsTheyGo_andSaySo() throws {
        let unknown = try load("unknown-charset.eml")
        #expect(unknown.pages[0].lines.map(\.text).contains { $0.hasPrefix("quayside") && $0.hasSuffix("words") })
        #expect(unknown.problems == ["a part in the unknown charset 'x-folio-unknown' was read as UTF-8"])
        #expect(try lines("broken-base64.eml").contains("Harbour master"), "what decodes is kept")
        #expect(try lines("unclosed.eml") == ["From: a@example.org", "anchorage notes", "no end"])
    }

    @Test(arguments: [[UInt8](), Array("just notes\nwithout headers\n".utf8), (0 ..< 4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }])
    func whatIsNoMessage_isRefused(bytes: [UInt8]) throws {
        let file = try Fixture.temporary("not-mail.eml", bytes)
        #expect(throws: LoaderError.malformed(path: file.path, kind: .mail, reason: "no mail message in it (no headers GMime could read)")) {
            try MailLoader().load(file)
        }
    }

    @Test func maildirMessages_areMail_byTheirFolderAndName() throws {
        #expect(DocumentKind(path: "/h/Mail/inbox/cur/1700000000.M1P1.harbour:2,S") == .mail)
        #expect(DocumentKind(path: "/h/Mail/inbox/new/1700000100.M2P2.mail.example.com") == .mail)
        #expect(DocumentKind(path: "/h/Mail/inbox/tmp/1700000100.M2P2.harbour") == nil, "tmp holds deliveries not finished")
        #expect(DocumentKind(path: "/h/projects/new/notes") == nil)
        #expect(DocumentKind(path: "/h/projects/cur/2023.txt") == .text)
        let document = try load("Maildir/cur/1700000000.M1P1.harbour:2,S")
        #expect(document.title == "Berth allocation")
    }

    @Test func attachments_overTheLimit_areKeptWithoutTheirBytes() throws {
        let reader = try MailboxReader(path: Fixture.file("mail/Inbox.mbox").path, from: 0, attachmentLimit: 1_000)
        _ = try reader.next()
        let attachments = try #require(try reader.next()).document.attachments
        let docx = try Data(contentsOf: URL(fileURLWithPath: Fixture.file("office/sample.docx").path))
        #expect(attachments[0] == Attachment(name: "sample.docx", content: nil, size: docx.count))
        #expect(attachments[2].content?.count == 8, "logo.png is under the limit")
    }

    @Test func mailbox_isReadMessageByMessage_fromTheStartOrAnyMessagesStart() throws {
        let path = Fixture.file("mail/Inbox.mbox").path
        let reader = try MailboxReader(path: path, from: 0, attachmentLimit: 1 << 20)
        var messages: [MailboxReader.Message] = []
        while let message = try reader.next() { messages.append(message) }
        #expect(messages.map(\.document.title) == ["Mooring fees", "Survey attached", "Crane maintenance"])
        #expect(messages.map(\.start) == [0, messages[0].end, messages[1].end])
        #expect(messages[2].end == Int64(try FileStatus.of(path).size))
        #expect(messages[0].document.pages[0].lines.map(\.text).contains("From the quay office, with regards."),
                "the mbox quoting of a line starting \"From \" is taken off")
        #expect(messages[1].document.attachments.map(\.name) == ["sample.docx", "encrypted.docx", "logo.png"])
        #expect(messages[1].document.attachments[0].content.map { Data($0) } == (try Data(contentsOf: URL(fileURLWithPath: Fixture.file("office/sample.docx").path))))
        #expect(messages[2].document.fields[.from] == "Ben Quay <ben@harbour.example>")

        let onward = try MailboxReader(path: path, from: messages[1].start, attachmentLimit: 1 << 20)
        #expect(try onward.next()?.document.title == "Survey attached")
        #expect(try onward.next()?.start == messages[2].start)
        #expect(try onward.next() == nil)
    }

    @Test func whatIsNoMailbox_isRefused() throws {
        let path = Fixture.file("mail/plain.eml").path
        #expect(throws: LoaderError.malformed(path: path, kind: .mail,
                                              reason: "not a mailbox in the mbox format: no \"From \" line where a message should begin (byte 0)")) {
            _ = try MailboxReader(path: path, from: 0, attachmentLimit: 1 << 20)
        }
        let inbox = Fixture.file("mail/Inbox.mbox").path
        #expect(throws: LoaderError.self, "not at a message's start") { _ = try MailboxReader(path: inbox, from: 7, attachmentLimit: 1 << 20) }
        let empty = try Fixture.temporary("Empty.mbox", [])
        #expect(try MailboxReader(path: empty.path, from: 0, attachmentLimit: 1 << 20).next() == nil)
        #expect(throws: LoaderError.unreadable(path: "/nonexistent/Inbox", reason: "No such file or directory")) {
            _ = try MailboxReader(path: "/nonexistent/Inbox", from: 0, attachmentLimit: 1 << 20)
        }
    }
}
