internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import Glibc
internal import FolioDaemon
internal import FolioProtocol
internal import FolioText

/// `folioctl extract FILE…`: the text Folio reads from files, without indexing them.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Show the text Folio reads from files, page by page, without indexing them.",
        discussion: """
            For checking what a file gives, and for comparing PDF backends (docs/benchmarks.md). \
            Files are read by worker processes (foliod-worker), as indexing reads them.
            """)

    enum Output: String, ExpressibleByArgument {
        case text, words, none
    }

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "PDF backend: mupdf or poppler (default: the configuration's).")
    var backend: String?

    @Flag(name: .long, help: "Never run OCR.")
    var noOCR = false

    @Flag(name: .long, help: "Drop running headers and footers, as indexing does.")
    var filtered = false

    @Option(name: .long, help: "text (default), words (one line a page: file, page, word count), or none.")
    var output: Output = .text

    @OptionGroup var parallel: WorkerOptions

    @Argument(help: "Files to read.")
    var files: [String]

    func run() throws {
        let configuration: FolioConfiguration
        do {
            configuration = parallel.applied(to: try common.configuration())
        } catch {
            throw ExitStatus.fail("folioctl", error)
        }
        var backend: PDFOptions.Backend?
        if let name = self.backend {
            guard let value = PDFOptions.Backend(rawValue: name) else { throw ValidationError("--backend must be mupdf or poppler") }
            backend = value
        }
        let paths = files.map { AbsolutePath.normalise(common.paths.expandingTilde($0), relativeTo: Environment.currentDirectory) }
        let pass = ExtractPass(workerArguments: try common.workerArguments(),
                               options: .init(backend: backend, ocr: !noOCR && configuration.ocr.enabled),
                               configuration: configuration, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var failed = false
        pass.run(paths) { path, result in
            switch result {
            case let .success(document):
                show(document, path: path)
            case let .failure(failure):
                FolioCLI.Output.error("folioctl: \(failure)\n")
                failed = true
            }
        }
        if failed { throw ExitStatus.nothing }
    }

    private func show(_ document: LoadedDocument, path: String) {
        let pages = filtered && document.kind.hasRunningHeaders ? HeaderFooterFilter().filter(document.pages) : document.pages
        var text = ""
        switch output {
        case .none:
            return
        case .words:
            for page in pages {
                let words = page.lines.reduce(0) { $0 + $1.text.split(whereSeparator: \.isWhitespace).count }
                text += "\(path)\t\(page.number)\t\(words)\n"
            }
        case .text:
            text = "== \(path): \(document.kind.rawValue), \(pages.count) page\(pages.count == 1 ? "" : "s")"
            text += document.title.map { ", title \"\($0)\"" } ?? ""
            text += "\n"
            for problem in document.problems { text += "problem: \(problem)\n" }
            for (field, value) in document.fields.sorted(by: { $0.key < $1.key }) { text += "\(field.rawValue): \(value)\n" }
            for page in pages {
                text += "--- page \(page.number)" + (page.label.map { " (\($0))" } ?? "")
                text += page.ocrConfidence.map { ", OCR \(Int($0))%" } ?? ""
                text += "\n" + page.lines.map { ($0.section.map { "[\($0)] " } ?? "") + $0.text + "\n" }.joined()
            }
        }
        FolioCLI.Output.standard(text)
    }
}
