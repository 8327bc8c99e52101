internal import FolioStore
internal import FolioCore

/// Results for people: the title, where the match is (path, page, section), and the
/// snippet with the matched words in bold colour on a terminal.
struct ResultPrinter {
    let colour: Bool
    /// Shown as `~` at the start of paths.
    let home: String
    /// Whether each hit's ranking is shown (`--explain`).
    let explain: Bool
    /// The thread of each result that is a message.
    var threads: [String: MailThread] = [:]

    func render(_ hits: [SearchHit]) -> String {
        hits.map(render).joined(separator: "\n")
    }

    /// The line before the results when the query's words are not all in the index: what
    /// no document has, and that the results were found otherwise. Empty when every word
    /// is held by some document.
    func heading(_ results: SearchResults, query: String) -> String {
        guard results.foundWithoutEveryWord else { return "" }
        let found = results.wordsMatched ? "results with the other words, or related by meaning:" : "related by meaning:"
        // The query as typed when none of its words is in the index, else each word missing
        // as the index reads it: “Kowalczyk”, “zzqxjw”.
        let missing = results.noDocumentHas(results.wordsMatched ? nil : [query])
        return style("\(missing); \(found)", "1;33") + "\n\n"
    }

    private func render(_ hit: SearchHit) -> String {
        var location = AbsolutePath.abbreviated(hit.path, home: home)
        if hit.kind == .pdf || hit.lastPage > 1 {
            location += ", page " + (hit.pageLabel.map { $0 == "\(hit.page)" ? $0 : "\($0) (\(hit.page))" } ?? "\(hit.page)")
        }
        if let confidence = hit.ocrConfidence { location += ", OCR \(Int(confidence))%" }
        if let section = hit.section, section != hit.title { location += " § " + section }
        if hit.navigation { location += " (contents or index)" }
        if hit.foundBy == .meaning { location += " · by meaning" }
        if let volume = hit.offline { location += " · " + volume.notConnected }
        if let thread = threads[hit.path], thread.messages.count > 1 {
            location += " · thread of \(thread.messages.count)" + (thread.subject.map { ": “\($0)”" } ?? "")
        }
        // A file known by its name: the name is all its text, shown once, as the title.
        if hit.kind == .file { return highlighted(hit.snippet) + "\n  " + style(location + " · by name", "2") + "\n" }
        let title = hit.title ?? AbsolutePath.abbreviated(hit.path, home: home)
        var text = style(title, "1") + "\n  " + style(location, "2") + "\n  " + highlighted(hit.snippet) + "\n"
        if explain { text += "  " + style(Self.explanation(hit), "2") + "\n" }
        return text
    }

    /// "words #3 (bm25 -7.21) · meaning #1 (cosine 0.612) · fused 1.2841".
    static func explanation(_ hit: SearchHit) -> String {
        guard let ranking = hit.ranking else { return "words (bm25 \(fixed(hit.score, 2)))\(hit.matchesAllTerms ? ", every term" : "")" }
        let words = ranking.lexicalRank.map { "words #\($0) (bm25 \(fixed(hit.score, 2)))" }
            ?? (hit.foundBy == .meaning ? "words: not found" : "words: beyond the first 100")
        let meaning = ranking.semanticRank.map { "meaning #\($0) (cosine \(fixed(Double(ranking.similarity ?? 0), 3)))" } ?? "meaning: not among the nearest"
        return "\(words) · \(meaning) · fused \(fixed(ranking.fusedScore, 4))"
    }

    private static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        let text = String(rounded)
        guard let dot = text.firstIndex(of: ".") else { return text + "." + String(repeating: "0", count: places) }
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        return text + String(repeating: "0", count: max(0, places - decimals))
    }

    private func highlighted(_ snippet: Snippet) -> String {
        snippet.rendered(text: { $0 }, match: { colour ? "\u{1B}[1;31m" + $0 + "\u{1B}[0m" : $0 })
    }

    private func style(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
