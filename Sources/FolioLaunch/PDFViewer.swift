/// The PDF viewers that can be told which page to open, and how each is told.
public enum PDFViewer: String, CaseIterable, Sendable {
    case evince, atril, okular, zathura, mupdf

    /// The command that opens `path` at `page` (counted from 1).
    public func command(path: String, page: Int) -> [String] {
        switch self {
        case .evince, .atril: [rawValue, "--page-index=\(page)", path]
        case .okular: [rawValue, "--page", String(page), path]
        case .zathura: [rawValue, "--page=\(page)", path]
        case .mupdf: [rawValue, path, String(page)]
        }
    }

    /// The viewer a desktop entry id names (`org.gnome.Evince.desktop`,
    /// `okularApplication_pdf.desktop`, `org.pwmt.zathura-pdf-mupdf.desktop`…).
    public init?(desktopID: String) {
        let id = desktopID.lowercased()
        guard let viewer = Self.allCases.first(where: { id.contains($0.rawValue) }) else { return nil }
        self = viewer
    }

    /// The user's default PDF application as `xdg-mime` reports it (the one `xdg-open`
    /// would start), if it is a viewer that takes a page.
    static func userDefault() -> PDFViewer? {
        guard let answer = try? ProgramRunner.output(["xdg-mime", "query", "default", "application/pdf"]) else { return nil }
        return answer.split(whereSeparator: { $0 == ";" || $0 == "\n" }).lazy.compactMap { PDFViewer(desktopID: String($0)) }.first
    }
}
