/// Decides whether a page's own text is worth keeping or the page must be read by OCR.
///
/// A scanned page has no text layer, or an invisible layer of junk (broken font encodings,
/// a poor OCR from long ago): few letters, mostly symbols, or letter runs that are not
/// words. A page is kept when it has at least `minimumLetters` letters, at least half of
/// its visible characters are letters or digits, and at least a quarter of its runs of
/// letters look like words (two or more letters, with a vowel when in Latin script).
/// Runs of letters, not space-separated words, so code and formulas (`\def\btxvolume##1`)
/// count as text.
enum TextLayer {
    static let minimumLetters = 16

    static func needsOCR(_ text: String) -> Bool {
        var letters = 0
        var alphanumerics = 0
        var visible = 0
        var runs = 0
        var wordLikeRuns = 0
        var run: [Unicode.Scalar] = []
        func endRun() {
            guard !run.isEmpty else { return }
            runs += 1
            if run.count >= 2, looksLikeAWord(run) { wordLikeRuns += 1 }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic {
                letters += 1
                alphanumerics += 1
                visible += 1
                run.append(scalar)
                continue
            }
            endRun()
            if properties.isWhitespace { continue }
            visible += 1
            if properties.numericType != nil { alphanumerics += 1 }
        }
        endRun()
        return letters < minimumLetters || alphanumerics * 2 < visible || wordLikeRuns * 4 < runs
    }

    private static func looksLikeAWord(_ letters: [Unicode.Scalar]) -> Bool {
        guard letters.allSatisfy({ $0.isASCII }) else { return true }
        return letters.contains { "aeiouyAEIOUY".unicodeScalars.contains($0) }
    }
}
