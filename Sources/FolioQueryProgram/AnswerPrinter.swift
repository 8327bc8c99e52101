internal import FolioAsk
internal import FolioCLI
internal import FolioCore

/// An answer for people, as it streams: its text, each citation checked (an invented one
/// shown `[9?]`, in red on a terminal), then the passages cited by file, page and section.
/// Each write is whole, so Ctrl-C between two leaves no colour or half-written line
/// behind.
final class AnswerPrinter {
    let colour: Bool
    let home: String
    /// Whether the answer is written as it comes (not for `--json`).
    let streaming: Bool
    /// Whether a line on standard error says what is being waited for.
    let status: Bool
    private var statusShown = false
    private var lastWritten: Character?

    init(colour: Bool, home: String, streaming: Bool, status: Bool) {
        self.colour = colour
        self.home = home
        self.streaming = streaming
        self.status = status
    }

    func waiting(model: String, passages: Int, tokens: Int) {
        guard status else { return }
        Output.error(style("Asking \(model) with \(passages) passage\(passages == 1 ? "" : "s") (about \(tokens) tokens)…", "2"))
        statusShown = true
    }

    func show(_ pieces: [CitationReader.Piece]) {
        guard streaming, !pieces.isEmpty else { return }
        clearStatus()
        var text = ""
        for piece in pieces {
            switch piece {
            case let .text(plain): text += plain
            case let .citation(citation): text += style(citation.shown, citation.isInvented ? "1;31" : "36")
            }
        }
        guard let last = text.last else { return }
        Output.standard(text)
        lastWritten = last
    }

    /// Ctrl-C: the line ended, colours reset, and a word on standard error (from
    /// `program`).
    func interrupted(program: String = "folioq") {
        clearStatus()
        if streaming, lastWritten != nil { Output.standard((colour ? "\u{1B}[0m" : "") + (lastWritten == "\n" ? "" : "\n")) }
        Output.error("\(program): stopped; the answer above is incomplete\n")
    }

    func failed() {
        clearStatus()
        if streaming, let lastWritten, lastWritten != "\n" { Output.standard("\n") }
    }

    /// After the answer: the sources, and what the model made up.
    func finish(_ answer: Answer) {
        clearStatus()
        var text = lastWritten == "\n" ? "\n" : "\n\n"
        let cited = answer.citedPassages
        if !cited.isEmpty {
            text += style("Sources", "1") + "\n" + cited.map { passage, quote, _ in
                "  " + style("[\(passage.number)]", "36") + " " + location(passage) + "\n      " + style("“" + Self.shortened(quote) + "”", "2") + "\n"
            }.joined()
        } else if answer.status == .unsupported {
            text += style(answer.citations.isEmpty ? "The answer cites no passage: it is not an answer from your documents. It was given:"
                          : "No passage the answer cites bears it out: it is not an answer from your documents. It was given:", "1") + "\n"
                + answer.prompt.passages.map { "  [\($0.number)] " + location($0) + "\n" }.joined()
        }
        let unsupported = answer.unsupportedCitations
        if !unsupported.isEmpty {
            text += style("Citations not supported by their passage", "1;31") + "\n" + unsupported.map { citation, claim, verdict in
                let passage = location(answer.prompt.passages.first { $0.number == citation.number })
                if verdict.quoteNotInPassage, let quote = citation.quote {
                    return "  [\(citation.number)?] " + passage + " does not hold the words quoted: “" + Self.shortened(quote) + "”\n"
                }
                return "  [\(citation.number)?] " + passage + " does not say: “" + Self.shortened(claim) + "”\n"
            }.joined()
        }
        let invented = answer.inventedCitations
        if !invented.isEmpty {
            text += style("Citations the model invented", "1;31") + "\n" + invented.compactMap { $0.explanation.map { "  " + $0 + "\n" } }.joined()
        }
        if let reason = answer.outcome?.finishReason, ["length", "max_tokens"].contains(reason) {
            text += style("The answer was cut at [ask] answer_tokens = \(answer.options.answerTokens).", "2") + "\n"
        }
        Output.standard(text)
    }

    /// A quote or claim of at most 240 characters, cut at a word.
    static func shortened(_ text: String) -> String {
        guard text.count > 240 else { return text }
        let cut = text.prefix(240)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }

    private func location(_ passage: Passage?) -> String {
        passage.map(location) ?? ""
    }

    /// `~/Documents/manual.pdf, page 12 § Installing`.
    private func location(_ passage: Passage) -> String {
        var text = AbsolutePath.abbreviated(passage.path, home: home)
        if let pages = passage.pageDescription {
            text += ", " + pages
            if let label = passage.pageLabel, label != "\(passage.firstPage)" { text += " (printed \(label))" }
        }
        if let section = passage.section, !section.isEmpty, section != passage.title { text += " § " + section }
        return text
    }

    private func clearStatus() {
        guard statusShown else { return }
        Output.error("\r\u{1B}[K")
        statusShown = false
    }

    private func style(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
