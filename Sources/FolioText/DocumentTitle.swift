public import FolioCore

/// The title a document is shown and searched by: its own, else for text and PDFs the
/// first line that can be a heading (read after running headers are filtered out, so a
/// running header is never taken for the title), else the file name without extension.
public enum DocumentTitle {
    /// The choice is settled as soon as the first page with text is among `filteredPages`
    /// (its first line decides), so a document written in parts can be given its title
    /// with the first part.
    public static func choose(own: String?, kind: DocumentKind, filteredPages: [Page], fileStem: String) -> String {
        if let own = own?.trimmingWhitespace(), !own.isEmpty { return own }
        if kind == .text || kind == .pdf, let line = headingLikeLine(in: filteredPages) { return line }
        return fileStem
    }

    /// How many of the first pages are searched for a heading-like line.
    public static let pagesRead = 3

    /// The first non-blank line of the first pages when it is short and has letters.
    static func headingLikeLine(in pages: [Page]) -> String? {
        for page in pages.prefix(pagesRead) {
            for line in page.lines {
                let text = line.text.trimmingWhitespace()
                guard !text.isEmpty else { continue }
                let letters = text.unicodeScalars.filter(\.properties.isAlphabetic).count
                return text.count <= 100 && letters >= 3 ? text : nil
            }
        }
        return nil
    }
}
