/// Decides whether a page's own text is worth keeping or the page must be read by OCR.
///
/// A scanned page has no text layer, or an invisible layer of junk (broken font encodings,
/// a poor OCR from long ago): few letters, mostly symbols, or letter runs that are not
/// words. A page is kept when it has at least `minimumLetters` letters, at least half of
/// its visible characters are letters or digits, and at least a quarter of its runs of
/// letters look like words (two or more letters, with a vowel when in Latin script).
/// Runs of letters, not space-separated words, so code and formulas (`\def\btxvolume##1`)
/// count as text. Leaders (`.`, `_`, `·`, `…`) count as space: a table of contents is
/// mostly dot leaders, and had its good text replaced by OCR's (41 pages of one manual).
enum TextLayer {
    static let minimumLetters = 16

    static func needsOCR(_ text: String) -> Bool {
        var letters = 0
        var alphanumerics = 0
        var visible = 0
        var runs = 0
        var wordLikeRuns = 0
        var run = Run()
        func endRun() {
            guard run.length > 0 else { return }
            runs += 1
            if run.isWordLike { wordLikeRuns += 1 }
            run = Run()
        }
        for scalar in text.unicodeScalars {
            // ASCII, most of any text layer, without the Unicode property tables: the
            // lookups were a tenth of a PDF's indexing time in the profile.
            let kind = scalar.isASCII ? Kind(ascii: scalar.value) : scalar == "·" || scalar == "…" ? .space : Kind(scalar.properties)
            if kind == .letter {
                letters += 1
                alphanumerics += 1
                visible += 1
                run.add(scalar)
                continue
            }
            endRun()
            if kind == .space { continue }
            visible += 1
            if kind == .number { alphanumerics += 1 }
        }
        endRun()
        return letters < minimumLetters || alphanumerics * 2 < visible || wordLikeRuns * 4 < runs
    }

    private enum Kind {
        case letter, space, number, other

        init(ascii value: UInt32) {
            switch value {
            case 0x41...0x5A, 0x61...0x7A: self = .letter
            case 0x30...0x39: self = .number
            case 0x20, 0x09...0x0D, 0x2E, 0x5F: self = .space
            default: self = .other
            }
        }

        init(_ properties: Unicode.Scalar.Properties) {
            if properties.isAlphabetic {
                self = .letter
            } else if properties.isWhitespace {
                self = .space
            } else {
                self = properties.numericType != nil ? .number : .other
            }
        }
    }

    /// A run of letters, summarised as it grows: it looks like a word with two or more
    /// letters and, when all are ASCII (Latin script), a vowel.
    private struct Run {
        var length = 0
        var allASCII = true
        var hasVowel = false

        mutating func add(_ scalar: Unicode.Scalar) {
            length += 1
            switch scalar.value | 0x20 {  // lower case, for ASCII letters
            case _ where !scalar.isASCII: allASCII = false
            case 0x61, 0x65, 0x69, 0x6F, 0x75, 0x79: hasVowel = true  // a e i o u y
            default: break
            }
        }

        var isWordLike: Bool { length >= 2 && (!allASCII || hasVowel) }
    }
}
