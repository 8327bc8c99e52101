import Testing
import FolioLoaders
import FolioCore

/// Zip archives (`Fixtures/office/generate.py`, `archives()`): the names of their files as
/// their text, and the files Folio reads as attachments, within the same limits as every
/// zip it opens.
@Suite struct ArchiveLoaderTests {
    @Test func archive_isTheNamesOfItsFiles_andCarriesThoseFolioReads() throws {
        let document = try ArchiveLoader().load(Fixture.file("office/letters.zip"))
        #expect(document.kind == .archive)
        #expect(document.pages.map { $0.lines.map(\.text) }
            == [["letters/harbour-dues.txt", "letters/notes.md", "survey.odt", "photo.jpg", "nested.zip"]], "folders are not files")
        #expect(document.attachments.map(\.name) == ["letters/harbour-dues.txt", "letters/notes.md", "survey.odt"],
                "a photo and an archive inside are passed over")
        #expect(document.attachments.first?.content == Array("The harbour dues for March come to 120 EUR.\n".utf8))
        #expect(document.problems.isEmpty)
        #expect(try LoaderRegistry.standard.loader(forPath: "/a/b.ZIP")?.kind == .archive)
    }

    @Test func zipBomb_andNotAZip_areRefusedWithTheirReason() {
        #expect { try ArchiveLoader().load(Fixture.file("office/bomb.zip")) } throws: { error in
            "\(error)".contains("zip bomb")
        }
        #expect { try ArchiveLoader().load(Fixture.file("office/not-a-zip.xlsx")) } throws: { error in
            "\(error)".contains("not a readable zip container")
        }
    }
}
