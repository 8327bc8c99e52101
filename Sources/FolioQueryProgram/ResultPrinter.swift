internal import FolioStore
internal import FolioCore

/// Results for people: the title, where the match is (path, page, section), and the
/// snippet with the matched words in bold colour on a terminal.
struct ResultPrinter {
    let colour: Bool
    /// Shown as `~` at the start of paths.
    let home: String

    func render(_ hits: [SearchHit]) -> String {
        hits.map(render).joined(separator: "\n")
    }

    private func render(_ hit: SearchHit) -> String {
        var location = AbsolutePath.abbreviated(hit.path, home: home)
        if hit.kind == .pdf || hit.lastPage > 1 {
            location += ", page " + (hit.pageLabel.map { $0 == "\(hit.page)" ? $0 : "\($0) (\(hit.page))" } ?? "\(hit.page)")
        }
        if let confidence = hit.ocrConfidence { location += ", OCR \(Int(confidence))%" }
        if let section = hit.section, section != hit.title { location += " § " + section }
        let title = hit.title ?? AbsolutePath.abbreviated(hit.path, home: home)
        return style(title, "1") + "\n  " + style(location, "2") + "\n  " + highlighted(hit.snippet) + "\n"
    }

    private func highlighted(_ snippet: Snippet) -> String {
        snippet.rendered(text: { $0 }, match: { colour ? "\u{1B}[1;31m" + $0 + "\u{1B}[0m" : $0 })
    }

    private func style(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
