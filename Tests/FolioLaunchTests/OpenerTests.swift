import Testing
@testable import FolioLaunch
import FolioCore

@Suite struct OpenerTests {
    @Test func configuredCommand_getsThePlaceholdersFilled() {
        let opener = Opener(options: OpenOptions(command: ["gio", "open", "{uri}"], pdfCommand: ["zathura", "--page={page}", "{path}"]))
        #expect(opener.command(path: "/d/a b#1.txt", page: 1, kind: .text) == ["gio", "open", "file:///d/a%20b%231.txt"])
        #expect(opener.command(path: "/d/x.pdf", page: 7, kind: .pdf) == ["zathura", "--page=7", "/d/x.pdf"])
    }

    @Test func withoutConfiguration_xdgOpenOpensEverythingButPDFViewersThatTakeAPage() {
        let opener = Opener(options: OpenOptions(command: [], pdfCommand: []))
        #expect(opener.command(path: "/d/notes.md", page: 1, kind: .markdown) == ["xdg-open", "/d/notes.md"])
    }

    @Test func aPDFCommandAlone_leavesOtherFilesToTheGeneralCommand() {
        let opener = Opener(options: OpenOptions(command: ["open-it", "{path}"], pdfCommand: []))
        #expect(opener.command(path: "/d/x.pdf", page: 3, kind: .pdf) == ["open-it", "/d/x.pdf"])
        #expect(opener.command(path: "/d/x.txt", page: 1, kind: .text) == ["open-it", "/d/x.txt"])
    }

    @Test(arguments: [
        ("org.gnome.Evince.desktop", PDFViewer.evince, ["evince", "--page-index=4", "/x.pdf"]),
        ("atril.desktop", .atril, ["atril", "--page-index=4", "/x.pdf"]),
        ("okularApplication_pdf.desktop", .okular, ["okular", "--page", "4", "/x.pdf"]),
        ("org.kde.okular.desktop", .okular, ["okular", "--page", "4", "/x.pdf"]),
        ("org.pwmt.zathura-pdf-mupdf.desktop", .zathura, ["zathura", "--page=4", "/x.pdf"]),
        ("mupdf.desktop", .mupdf, ["mupdf", "/x.pdf", "4"]),
    ])
    func viewers_areKnownByTheirDesktopIDs(id: String, viewer: PDFViewer, command: [String]) {
        #expect(PDFViewer(desktopID: id) == viewer)
        #expect(viewer.command(path: "/x.pdf", page: 4) == command)
    }

    @Test func otherApplications_areNotViewersThatTakeAPage() {
        #expect(PDFViewer(desktopID: "firefox-esr.desktop") == nil)
        #expect(PDFViewer(desktopID: "org.gnome.Papers.desktop") == nil)
    }
}

@Suite struct ResultIDTests {
    /// A file on a drive that is not connected (or deleted) is refused with what to do, and
    /// no viewer is started for it.
    @Test func aFileThatIsNotThere_isRefusedWithWhatToDo() {
        let opener = Opener(options: OpenOptions(command: ["/bin/false", "{path}"], pdfCommand: []))
        #expect(throws: LaunchError.notThere(path: "/media/usb/gone.pdf")) { try opener.open(path: "/media/usb/gone.pdf", kind: .pdf) }
        #expect(throws: LaunchError.notThere(path: "/media/usb/Inbox")) { try opener.open(path: "/media/usb/Inbox//42", kind: .mail) }
        #expect(LaunchError.notThere(path: "/media/usb/gone.pdf").description.contains("connect it"))
    }

    @Test func roundTrip() {
        let id = ResultID(path: "/home/ann/a:b.pdf", page: 12)
        #expect(id.text == "12:/home/ann/a:b.pdf")
        #expect(ResultID(id.text) == id)
    }

    @Test(arguments: ["", "tax.txt", "1:relative.txt", "0:/a", "-1:/a", "x:/a", ":/a"])
    func malformed_isRefused(text: String) {
        #expect(ResultID(text) == nil)
    }

    @Test func fileURIs_encodeEverythingButUnreservedBytes() {
        #expect(FileURI.encode("/a/Ünïcode %?.pdf") == "file:///a/%C3%9Cn%C3%AFcode%20%25%3F.pdf")
    }
}
