import Testing
import FolioLoaders
import FolioCore

@Suite struct LoaderRegistryTests {
    @Test(arguments: [
        ("/a/notes.txt", DocumentKind.text), ("/a/NOTES.TXT", .text), ("/a/x.rst", .text), ("/a/readme.md", .markdown),
        ("/a/doc.markdown", .markdown), ("/a/p.html", .html), ("/a/p.HTM", .html), ("/a/p.xhtml", .html),
        ("/a/scan.PDF", .pdf), ("/a/photo.jpg", .image), ("/a/fax.tiff", .image), ("/a/x.docx", .document), ("/a/x.odt", .document),
        ("/a/x.rtf", .document), ("/a/x.XLSX", .spreadsheet), ("/a/x.ods", .spreadsheet), ("/a/x.pptx", .presentation), ("/a/x.PPT", .presentation),
        ("/a/x.odp", .presentation), ("/a/x.epub", .ebook), ("/a/x.doc", .document), ("/a/x.XLS", .spreadsheet),
    ] as [(String, DocumentKind)])
    func knownExtensions_getTheirLoader(path: String, kind: DocumentKind) {
        #expect(LoaderRegistry.standard.loader(forPath: path)?.kind == kind)
    }

    @Test(arguments: ["/a/movie.mp4", "/a/archive.7z", "/a/.txt", "/a/noextension", "/a/dir.txt/file"])
    func otherFiles_haveNoLoader(path: String) {
        #expect(LoaderRegistry.standard.loader(forPath: path) == nil)
    }
}
