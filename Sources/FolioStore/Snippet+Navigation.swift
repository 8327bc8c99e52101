internal import FolioText

extension Snippet {
    /// `text` with each run of leader dots (`. . . . .`, `……`) and each column of page
    /// numbers (four or more in a row: `12 14 17 23`) made one ` … `: what a contents or
    /// index page gives a snippet is otherwise mostly those. A marked match breaks a run,
    /// so a page number searched for stays.
    static func collapsingNavigation(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var collapsed = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let end = leaderRun(scalars, from: index) ?? numberColumn(scalars, from: index) {
                collapsed.append(contentsOf: " … ".unicodeScalars)
                index = end
            } else {
                collapsed.append(scalars[index])
                index += 1
            }
        }
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
            guard dotsHere > 0 || scalars[index].properties.isWhitespace else { break }
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
        guard start == 0 || scalars[start - 1].properties.isWhitespace else { return nil }
        var numbers = 0
        var end = start
        var index = start
        while index < scalars.count {
            var tokenEnd = index
            while tokenEnd < scalars.count, !scalars[tokenEnd].properties.isWhitespace { tokenEnd += 1 }
            guard NavigationText.isPageNumber(String(String.UnicodeScalarView(scalars[index..<tokenEnd])).utf8) else { break }
            numbers += 1
            end = tokenEnd
            index = tokenEnd
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }
        return numbers >= 4 ? end : nil
    }
}
