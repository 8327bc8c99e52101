/// Recognises the text of contents pages, lists of figures and back-of-book indexes:
/// lines that point elsewhere instead of saying something.
///
/// Such pages hold every heading or term of a book densely, so BM25 ranks them above the
/// pages they point to; their chunks are marked (`Chunk.navigation`) and ranked after the
/// chunks that match as well (`IndexSearch`). A chunk is navigation when at least
/// `leastLines` of its lines are pointers, and with the page numbers beside them they are
/// at least `leastShare` of its lines:
/// - a line with a run of leader dots (`Introduction . . . . . 1`, `Index ........ 12`);
/// - an index entry: words, then page numbers after commas (`hyphenation, 12, 45–47`);
/// - page numbers alone on a line (PDF text often puts a contents page's numbers, or the
///   rest of an index entry's list, on lines of their own: `12`, `2449, 2595,`), counted
///   only beside pointers, so that a table of figures is not taken for a contents page.
///
/// The thresholds were set on 60 TeX Live manuals (`bench/navigation.py`): every chunk they
/// take in a sample of the 806 is a contents, index or change-list page; a contents page at
/// the head of a chunk of mostly text stays text. Every mark it looks for is ASCII or one of
/// a few UTF-8 sequences, so it reads the text's bytes: a chunk takes microseconds, which
/// indexing does not feel.
public enum NavigationText {
    static let leastShare = 0.3
    static let leastLines = 5

    /// Whether the chunk text `text` (lines separated by newlines) is navigation.
    public static func isNavigation(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var lines = 0
        var pointers = 0
        var numbers = 0
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            guard line.contains(where: { !isSpace($0) }) else { continue }
            lines += 1
            if hasLeaders(line) || isIndexEntry(line) {
                pointers += 1
            } else if isPageList(line) {
                numbers += 1
            }
        }
        guard pointers >= leastLines else { return false }
        return Double(pointers + numbers) >= leastShare * Double(lines)
    }

    /// A run of at least four leader dots (`.`, `·`, `∙`; `…` counts as three), with or
    /// without white space between them.
    static func hasLeaders(_ line: ArraySlice<UInt8>) -> Bool {
        var dots = 0
        var index = line.startIndex
        while index < line.endIndex {
            let (dotsHere, length) = leader(line, at: index)
            if dotsHere > 0 {
                dots += dotsHere
                if dots >= 4 { return true }
            } else if !isSpace(line[index]) {
                dots = 0
            }
            index += max(length, 1)
        }
        return false
    }

    /// Words, then page numbers or ranges after commas, to the end of the line:
    /// `amsldoc, 1, 3`; `Knuth, Donald, 12–14`.
    static func isIndexEntry(_ line: ArraySlice<UInt8>) -> Bool {
        guard let last = line.last(where: { !isSpace($0) }), isPageCharacter(last), line.contains(UInt8(ascii: ",")) else { return false }
        let parts = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        var first = parts.count
        while first > 1, isPageReference(parts[first - 1]) { first -= 1 }
        return first < parts.count && parts[..<first].contains { $0.contains(where: isLetter) }
    }

    /// Page numbers and ranges separated by commas, nothing else, a list's last comma or an
    /// open range's dash allowed at the end (the list goes on on the next line).
    static func isPageList(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first(where: { !isSpace($0) }), isPageCharacter(first) else { return false }
        var parts = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        if parts.count > 1, parts.last!.allSatisfy(isSpace) { parts.removeLast() }
        return parts.allSatisfy { part in
            if isPageReference(part) { return true }
            let trimmed = trimmed(part)
            guard let dash = trailingDash(trimmed) else { return false }
            return isPageReference(trimmed[trimmed.startIndex..<dash])
        }
    }

    /// A page number (1 to 4 digits, or a lower-case roman numeral) or a range of two, and
    /// nothing else but spaces.
    static func isPageReference(_ text: ArraySlice<UInt8>) -> Bool {
        let text = trimmed(text)
        var ends: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let dash = dashLength(text, at: index)
            if dash > 0 {
                ends.append(text[start..<index])
                index += dash
                start = index
            } else {
                index += 1
            }
        }
        ends.append(text[start..<text.endIndex])
        return (1...2).contains(ends.count) && ends.allSatisfy(isPageNumber)
    }

    /// A page number: 1 to 4 digits, or a lower-case roman numeral of at most 6 letters
    /// (also what a snippet's column of page numbers is made of). Inlinable: called for
    /// every short word of a snippet, where an unspecialised call cost more than the test.
    @inlinable
    public static func isPageNumber<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        (1...4).contains(text.count) && text.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            || (1...6).contains(text.count) && text.allSatisfy { "ivxlc".utf8.contains($0) }
    }

    /// The leader dots a character stands for: `.`, `·` and `∙` one, `…` three, any other 0.
    public static func leaderDots(_ scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case ".", "·", "∙": 1
        case "…": 3
        default: 0
        }
    }

    /// `leaderDots` of the character at `index`, read from its UTF-8, and its length in
    /// bytes (0 dots: none).
    private static func leader(_ bytes: ArraySlice<UInt8>, at index: Int) -> (dots: Int, length: Int) {
        switch bytes[index] {
        case UInt8(ascii: "."): return (1, 1)
        case 0xC2 where index + 1 < bytes.endIndex && bytes[index + 1] == 0xB7: return (1, 2)  // ·
        case 0xE2 where index + 2 < bytes.endIndex && bytes[index + 1] == 0x88 && bytes[index + 2] == 0x99: return (1, 3)  // ∙
        case 0xE2 where index + 2 < bytes.endIndex && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA6: return (3, 3)  // …
        default: return (0, 1)
        }
    }

    /// The length of a hyphen (1) or an en dash (3) at `index`, or 0.
    private static func dashLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        if bytes[index] == UInt8(ascii: "-") { return 1 }
        if bytes[index] == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80, bytes[index + 2] == 0x93 { return 3 }
        return 0
    }

    /// Where a dash that ends `bytes` starts, if one does.
    private static func trailingDash(_ bytes: ArraySlice<UInt8>) -> Int? {
        if bytes.last == UInt8(ascii: "-") { return bytes.endIndex - 1 }
        if bytes.count >= 3, dashLength(bytes, at: bytes.endIndex - 3) == 3 { return bytes.endIndex - 3 }
        return nil
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    /// A digit or a letter of a lower-case roman numeral: what a page number is made of.
    private static func isPageCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "ivxlc".utf8.contains(byte)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// An ASCII letter, or any byte of a character outside ASCII (most of them letters).
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte >= 0x80
    }
}
