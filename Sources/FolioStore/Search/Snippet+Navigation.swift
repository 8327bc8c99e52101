internal import FolioCore
internal import FolioText

extension Snippet {
    /// `text` with each run of leader dots (`. . . . .`, `……`) and each column of page
    /// numbers (four or more in a row: `12 14 17 23`) made one ` … `: what a contents or
    /// index page gives a snippet is otherwise mostly those. A marked match breaks a run,
    /// so a page number searched for stays.
    static func collapsingNavigation(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var collapsed = String.UnicodeScalarView()
        // Scalars before `kept` are in `collapsed`: most texts have nothing to collapse and
        // are given back as they are.
        var kept = 0
        var index = 0
        while index < scalars.count {
            if let end = leaderRun(scalars, from: index) ?? numberColumn(scalars, from: index) {
                collapsed.append(contentsOf: scalars[kept..<index])
                collapsed.append(contentsOf: " … ".unicodeScalars)
                (index, kept) = (end, end)
            } else {
                index += 1
            }
        }
        guard kept > 0 else { return text }
        collapsed.append(contentsOf: scalars[kept...])
        return String(collapsed)
    }

    /// The end of a run of at least four leader dots (`NavigationText.leaderDots`) starting
    /// at `start` (spaces between them belong to the run), or `nil`.
    private static func leaderRun(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard NavigationText.leaderDots(scalars[start]) > 0 else { return nil }
        var dots = 0
        var end = start
        var index = start
        while index < scalars.count {
            let dotsHere = NavigationText.leaderDots(scalars[index])
            guard dotsHere > 0 || scalars[index].isSpace else { break }
            if dotsHere > 0 {
                dots += dotsHere
                end = index + 1
            }
            index += 1
        }
        return dots >= 4 ? end : nil
    }

    /// The end of four or more page numbers in a row (`NavigationText.isPageNumber`,
    /// separated by white space) starting at `start`, or `nil`.
    private static func numberColumn(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start == 0 || scalars[start - 1].isSpace else { return nil }
        var numbers = 0
        var end = start
        var index = start
        while index < scalars.count {
            var tokenEnd = index
            while tokenEnd < scalars.count, !scalars[tokenEnd].isSpace { tokenEnd += 1 }
            let token = scalars[index..<tokenEnd]
            guard token.count <= 6, token.allSatisfy(\.isASCII), NavigationText.isPageNumber(token.lazy.map { UInt8($0.value) }) else { break }
            numbers += 1
            end = tokenEnd
            index = tokenEnd
            while index < scalars.count, scalars[index].isSpace { index += 1 }
        }
        return numbers >= 4 ? end : nil
    }
}
