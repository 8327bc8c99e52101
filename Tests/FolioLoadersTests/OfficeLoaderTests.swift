import Foundation
import Testing
import FolioCore
import FolioTestSupport
@testable import FolioLoaders

/// The office and e-book loaders on files real writers made (`Fixtures/office/generate.py`:
/// pandoc, openpyxl, odfpy, LibreOffice, msoffcrypto-tool), and on hostile ones made from them.
@Suite struct OfficeLoaderTests {
    private func load(_ name: String) throws -> LoadedDocument {
        try Fixture.load("office/" + name)
    }

    private func failure(_ name: String) -> LoaderError? {
        do {
            _ = try load(name)
            return nil
        } catch let error as LoaderError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    private func lines(_ document: LoadedDocument) -> [String] {
        document.pages.flatMap(\.lines).map(\.text)
    }

    /// The sections of the lines holding `text`.
    private func section(of text: String, in document: LoadedDocument) -> String? {
        document.pages.flatMap(\.lines).first { $0.text.contains(text) }?.section
    }

    @Test func docx_readsBodyHeadingsTablesFootnotesAndComments_withoutDeletedText() throws {
        let document = try load("sample.docx")
        #expect(document.kind == .document)
        #expect(document.title == "Harbour Survey")
        #expect(document.fields == [.author: "Ada Tidewater"], "docProps/core.xml's dc:creator")
        let text = lines(document)
        #expect(text.contains("The estuary floods twice a day."), "runs joined as written, the deletion left out: \(text)")
        #expect(!text.joined(separator: " ").contains("harbour "), "the tracked deletion is not text")
        #expect(text.contains("Northpier | 12"))
        #expect(section(of: "Northpier", in: document) == "Tides")
        #expect(section(of: "Brackish", in: document) == "Currents")
        #expect(text.contains("Equinoctial tides excepted."))
        #expect(section(of: "Equinoctial", in: document) == "Footnotes")
        #expect(text.contains("Check the anemometer"))
        #expect(section(of: "anemometer", in: document) == "Comments")
    }

    @Test func docx_readsATextBoxOnce_afterItsParagraph_notItsFallbackCopy() throws {
        let text = lines(try load("textbox.docx"))
        #expect(Array(text.prefix(2)) == ["Harbour notice.", "Breakwater inspection due"], "\(text)")
        #expect(text.filter { $0.contains("Breakwater") }.count == 1)
    }

    @Test func odt_leavesOutTrackedDeletions_andGivesNotesAndCommentsAfterTheirParagraph() throws {
        let document = try load("sample.odt")
        #expect(document.title == "Harbour Survey")
        let text = lines(document)
        let sentence = try #require(text.firstIndex(of: "The estuary floods twice a day."), "\(text)")
        #expect(text[sentence + 1] == "Equinoctial tides excepted.", "the footnote after its paragraph, not inside it")
        let gauge = try #require(text.firstIndex(of: "gauge readings."))
        #expect(text[gauge + 1] == "Check the anemometer", "the comment, without its author or date")
        #expect(!text.contains { $0.contains("harbour") || $0.contains("Reviewer") || $0.contains("2020") })
        #expect(text.contains("Northpier | 12"))
        #expect(section(of: "Brackish", in: document) == "Currents")
    }

    @Test func rtf_readsParagraphsHeadingsTablesAndFootnotes() throws {
        let document = try load("sample.rtf")
        let text = lines(document)
        #expect(text.contains("The estuary floods twice a day."), "\(text)")
        #expect(text.contains("Station | Depth") && text.contains("Northpier | 12"))
        #expect(text.contains("Equinoctial tides excepted."))
        #expect(section(of: "Brackish", in: document) == "Currents")
    }

    @Test func rtf_decodesEscapes_skipsDestinations_andReadsTheInfoTitle() throws {
        let rtf = #"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Times;}}{\colortbl;\red0\green0\blue0;}"#
            + #"{\info{\title Caf\'e9 Notes}{\author Someone}}{\*\generator Writer;}"#
            + #"{\pard\outlinelevel0 Menu\par}"#
            + #"{\pard Cr\'e8me br\u251\'fbl\u233ee, {\uc2\u8364\'80\'80} 12 and {\*\unknowndest hidden words}na\u239?ve\par}"#
            + #"{\pard {\pict\pngblip 89504e47 binaryish}caf\'e9\tab bar\line next\par}"#
            + #"{\pard\intbl A\cell B\cell\row}"#
            + #"{\pard after {\field{\*\fldinst HYPERLINK "http://x"}{\fldrslt shown}} text\par}}"#
        let file = try Fixture.temporary("menu.rtf", Array(rtf.utf8))
        let document = try WordProcessingLoader().load(file)
        #expect(document.title == "Café Notes")
        #expect(document.fields == [.author: "Someone"])
        let text = lines(document)
        #expect(text == ["Menu", "Crème brûlée, € 12 and naïve", "café bar", "next", "A | B", "after shown text"], "\(text)")
        #expect(section(of: "Crème", in: document) == "Menu")
    }

    @Test func epub_readsChaptersInSpineOrder_asSections_withoutNoteMarkers() throws {
        let document = try load("sample.epub")
        #expect(document.kind == .ebook)
        #expect(document.title == "Harbour Survey")
        let text = lines(document)
        #expect(text.contains("The estuary floods twice a day."), "the note's number does not join 'twice': \(text)")
        #expect(!text.contains { $0.contains("↩") })
        let tides = try #require(text.firstIndex(of: "Tides"))
        let currents = try #require(text.firstIndex(of: "Currents"))
        #expect(tides < currents)
        #expect(document.pages.count == 3, "a page per chapter without a page list")
        #expect(section(of: "Brackish", in: document) == "Currents")
    }

    @Test func epub_namesItsAuthor_onceAndOnlyWhereTheTextDoesNot() throws {
        let untitled = try load("untitled.epub")
        #expect(untitled.fields == [.author: "Ada Tidewater"])
        #expect(untitled.pages[0].lines.first.map { ($0.text, $0.section) } ?? ("", nil) == ("Ada Tidewater", "Tides"))
        let titled = lines(try load("sample.epub"))
        #expect(titled.filter { $0.contains("Ada Tidewater") }.count == 1, "the title page names the author already: \(titled)")
    }

    @Test func epub_withAPageList_hasTheBooksPrintedPages() throws {
        let document = try load("paged.epub")
        let labels = document.pages.map(\.label)
        #expect(labels == [nil, "6", "7", "8"], "\(labels)")
        let page7 = document.pages[2].lines.map(\.text)
        #expect(page7.first == "gauge readings.", "page 7 starts where its marker is, mid-chapter: \(page7)")
        #expect(document.pages[3].lines.first?.text == "Currents")
    }

    @Test func epub_withObfuscatedFontsOnly_isRead_butDRMIsRefused() throws {
        #expect(try lines(load("fonts.epub")).contains("Brackish water meets the quay."))
        #expect(failure("drm.epub") == .drmProtected(path: Fixture.file("office/drm.epub").path))
    }

    @Test func pptx_slidesFollowThePresentationsOrder_withTitlesAsSections_andNotes() throws {
        let document = try load("slides.pptx")
        #expect(document.kind == .presentation)
        #expect(document.title == "Quarterly Review")
        let firstLines = document.pages.map { $0.lines.first?.text }
        #expect(firstLines == ["Outlook", "Quarterly Review", "Revenue", "Costs"], "the slide list's order: \(firstLines)")
        let revenue = document.pages[2]
        #expect(revenue.lines.map(\.text) == ["Revenue", "Lighthouse income grew", "Mention the foghorn contract."])
        #expect(revenue.lines.allSatisfy { $0.section == "Revenue" })
    }

    @Test func odp_slidesInDocumentOrder_withTitlesAndNotes() throws {
        let document = try load("slides.odp")
        #expect(document.title == "Quarterly Review")
        #expect(document.pages.map { $0.lines.map(\.text) } == [
            ["Revenue", "Lighthouse income grew", "Mention the foghorn contract."], ["Costs", "Dredging expenses fell"],
            ["Outlook", "Marina expansion planned"],
        ])
        #expect(document.pages[0].lines.allSatisfy { $0.section == "Revenue" })
    }

    /// LibreOffice's `.ppt` keeps every text in the slides' drawings, and the notes in
    /// notes pages found by their ids (PowerPoint's own files, read by hand, keep the
    /// placeholders' text in the slide list: docs/benchmarks.md, "PowerPoint 97–2003").
    @Test func ppt_slidesInThePresentationsOrder_withNotes() throws {
        let document = try load("slides.ppt")
        #expect(document.kind == .presentation)
        #expect(document.title == "Quarterly Review", "the summary information's title")
        #expect(document.pages.map { $0.lines.map(\.text) } == [
            ["Revenue", "Lighthouse income grew", "Mention the foghorn contract."], ["Costs", "Dredging expenses fell"],
            ["Outlook", "Marina expansion planned"],
        ])
        #expect(DocumentKind.presentation.mimeType(path: "/a/slides.ppt") == "application/vnd.ms-powerpoint")
    }

    /// The token PowerPoint writes in the `Current User` stream of a file it encrypted.
    @Test func ppt_encrypted_isRefusedAsEncrypted() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.file("office/slides.ppt").path)))
        let plain: [UInt8] = [0x5F, 0xC0, 0x91, 0xE3], encrypted: [UInt8] = [0xDF, 0xC4, 0xD1, 0xF3]
        let at = try #require((0 ..< bytes.count - 4).first { bytes[$0 ..< $0 + 4].elementsEqual(plain) })
        bytes.replaceSubrange(at ..< at + 4, with: encrypted)
        let file = try Fixture.temporary("locked.ppt", bytes)
        #expect(throws: LoaderError.encrypted(path: file.path)) { try PresentationLoader().load(file) }
    }

    /// A `Current User` stream that points past the last edit (a program saved the
    /// document stream alone): the last edit record in the stream is read instead.
    @Test func ppt_whoseCurrentUserPointsAstray_isReadFromItsLastEdit() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.file("office/slides.ppt").path)))
        let token: [UInt8] = [0x5F, 0xC0, 0x91, 0xE3]
        let at = try #require((0 ..< bytes.count - 4).first { bytes[$0 ..< $0 + 4].elementsEqual(token) })
        bytes.replaceSubrange(at + 4 ..< at + 8, with: [0x10, 0x27, 0x00, 0x00])
        let document = try PresentationLoader().load(try Fixture.temporary("stale.ppt", bytes))
        #expect(document.pages.map { $0.lines.first?.text } == ["Revenue", "Costs", "Outlook"])
    }

    @Test(arguments: ["ledger.xlsx", "ledger.ods"])
    func spreadsheets_haveAPagePerSheet_namedAsSection_andARowPerLine(name: String) throws {
        let document = try load(name)
        #expect(document.kind == .spreadsheet)
        #expect(document.title == "Harbour Ledger")
        #expect(document.pages.count == 4)
        #expect(document.pages[0].lines.allSatisfy { $0.section == "Moorings" })
        #expect(document.pages[0].lines.map(\.text).contains("A1 | Kittiwake" + (name.hasSuffix("xlsx") ? " | 11.5" : "")))
        #expect(document.pages[1].lines.map(\.text) == ["Season | Rate", "Summer | 480"])
        #expect(document.pages[1].lines.first?.section == "Tariffs")
        #expect(document.pages[3].lines.map(\.text) == ["Season | Rate", "Summer | 510"])
        #expect(document.pages[3].lines.first?.section == "Tariffs 2026")
    }

    @Test func xlsx_readsNumbersAndBooleans() throws {
        let text = lines(try load("ledger.xlsx"))
        #expect(text.contains("A2 | Cormorant | 9"))
        #expect(text.contains("A3 | Kittiwake | TRUE"))
    }

    @Test func encryptedDocuments_areRefusedAsEncrypted() {
        #expect(failure("encrypted.docx") == .encrypted(path: Fixture.file("office/encrypted.docx").path))
        #expect(failure("encrypted.odt") == .encrypted(path: Fixture.file("office/encrypted.odt").path))
    }

    @Test(arguments: [
        ("bomb.docx", "inflates to over 200 times its size"), ("truncated.docx", "not a readable zip container"),
        ("deep.docx", "not well-formed XML"), ("laughs.docx", "entity"), ("not-a-zip.xlsx", "not a readable zip container"),
    ])
    func hostileFiles_getAClearReason(name: String, reason: String) throws {
        let error = try #require(failure(name))
        guard case let .malformed(path, _, message) = error else {
            Issue.record("\(name): \(error)")
            return
        }
        #expect(path.hasSuffix(name))
        #expect(message.contains(reason), "\(name): \(message)")
    }

    /// Every prefix of a real file (a zip cut anywhere) is refused or read, never a crash.
    @Test(arguments: ["sample.docx", "sample.odt", "ledger.xlsx", "slides.pptx", "sample.epub", "sample.rtf", "sample.doc", "ledger.xls",
                      "slides.ppt"])
    func everyTruncation_isReadOrRefused(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.file("office/" + name).path)))
        let loader = try #require(LoaderRegistry.standard.loader(forPath: name))
        var refused = 0
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            let file = try Fixture.temporary(name, Array(bytes[..<length]))
            do {
                _ = try loader.load(file)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test func inflateBudget_stopsAtItsTotal_andAtItsRatio_pastTheFloor() throws {
        let budget = InflateBudget(fileSize: 10 << 20)
        try budget.spend(InflateBudget.maximumBytes - 1, entry: "a")
        #expect(throws: ZipArchive.Failure.self) { try budget.spend(2, entry: "b") }
        let small = InflateBudget(fileSize: 1000)
        try small.spend(InflateBudget.ratioFloor, entry: "a")
        #expect(throws: ZipArchive.Failure.self) { try small.spend(1, entry: "a") }
    }

    @Test func legacyWord_isReadByCatdoc_aParagraphALine() throws {
        let document = try load("sample.doc")
        #expect(document.kind == .document)
        #expect(document.title == "Harbour Survey")
        #expect(document.fields == [.author: "Ada Tidewater"], "the summary information's author")
        let text = lines(document)
        #expect(text.contains("Brackish water meets the quay."), "\(text)")
        #expect(text.contains("Equinoctial tides excepted."), "the footnote")
        #expect(text.contains("Northpier 12"), "a table's row, its cells a tab apart")
        #expect(DocumentKind.document.mimeType(path: "/a/sample.doc") == "application/msword")
    }

    @Test func legacyExcel_hasAPagePerSheet_andARowPerLine() throws {
        let document = try load("ledger.xls")
        #expect(document.kind == .spreadsheet)
        #expect(document.title == "Harbour Ledger")
        #expect(document.pages.count == 4, "\(document.pages)")
        #expect(document.pages[0].lines.map(\.text).contains("A1 | Kittiwake"))
        #expect(document.pages[1].lines.map(\.text) == ["Season | Rate", "Summer | 480"])
        #expect(document.pages[3].lines.map(\.text) == ["Season | Rate", "Summer | 510"])
    }

    @Test func legacyFiles_whoseReaderIsMissing_sayWhatToInstall() throws {
        let file = Fixture.file("office/sample.doc")
        do {
            _ = try LegacyOfficeReader(file: file, bytes: try file.bytes(), format: .legacyWord, searchPath: ["/nonexistent"]).read()
            Issue.record("expected a refusal")
        } catch {
            #expect(error == .readerMissing(path: file.path, format: "an Office 97–2003 Word file (.doc)", program: "catdoc", package: "catdoc"))
            #expect(error.description.contains("install the Debian package catdoc"))
        }
    }

    /// A stand-in for catdoc, for what a real one cannot be made to do on a file at hand: write
    /// without end, or never end.
    private func standIn(_ script: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-standin-\(UUID().uuidString)").path
        try StandInProgram.write("#!/bin/sh\n\(script)\n", to: folder + "/catdoc")
        return folder
    }

    @Test func legacyReader_thatFloodsOrHangs_costsTheFile() throws {
        let file = Fixture.file("office/sample.doc")
        var flood = LegacyOfficeReader(file: file, bytes: try file.bytes(), format: .legacyWord, searchPath: [try standIn("exec yes flood")])
        flood.timeLimitSeconds = 30
        #expect(throws: LoaderError.malformed(path: file.path, kind: .document,
                                              reason: "catdoc gave more than 16 MiB of text; a bomb or a file too large to read")) {
            try flood.read()
        }
        var hang = LegacyOfficeReader(file: file, bytes: try file.bytes(), format: .legacyWord, searchPath: [try standIn("exec sleep 600")])
        hang.timeLimitSeconds = 1
        #expect(throws: LoaderError.malformed(path: file.path, kind: .document, reason: "catdoc took longer than 1 s")) {
            try hang.read()
        }
    }

    /// A summary information property set (MS-OLEPS) of a code page and a title, as Office
    /// writes them: a title in a code page Folio cannot decode is left out unless it is ASCII.
    @Test(arguments: [(UInt16(1252), [UInt8]("Caf\u{E9} Notes".unicodeScalars.map { UInt8($0.value) }), "Café Notes" as String?),
                      (65001, Array("Café Notes".utf8), "Café Notes"), (932, [0x83, 0x58, 0x83, 0x89], nil), (932, Array("Minutes".utf8), "Minutes")])
    func summaryInformation_titleInItsCodePage(codePage: UInt16, title: [UInt8], expected: String?) {
        func le32(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let codePageValue: [UInt8] = [0x02, 0, 0, 0, UInt8(codePage & 0xFF), UInt8(codePage >> 8), 0, 0]
        let titleValue: [UInt8] = [0x1E, 0, 0, 0] + le32(title.count + 1) + title + [0]
        let setHeader = 8 + 2 * 8
        let properties = le32(1) + le32(setHeader) + le32(2) + le32(setHeader + codePageValue.count)
        let set = le32(setHeader + codePageValue.count + titleValue.count) + le32(2) + properties + codePageValue + titleValue
        let stream: [UInt8] = [0xFE, 0xFF, 0, 0] + le32(0) + [UInt8](repeating: 0, count: 16) + le32(1) + [UInt8](repeating: 0, count: 16) + le32(48) + set
        #expect(SummaryInformation.properties(stream).title == expected)
        #expect(SummaryInformation.properties(Array(stream.prefix(60))).title == nil, "cut short: no properties")
    }

    @Test func legacyOfficeFiles_areNamed() {
        var bytes: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 100)
        bytes += "WordDocument".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(CompoundFile.describe(bytes) == .legacyWord)
        #expect(CompoundFile.describe(Array("PK".utf8)) == nil)
    }
}
