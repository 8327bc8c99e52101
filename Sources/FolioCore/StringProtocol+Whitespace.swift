extension StringProtocol {
    /// The text without leading and trailing white space.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The text with every run of white space (line breaks included) made one space, and
    /// none at either end: how HTML shows text.
    public func collapsingWhitespace() -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.isSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                result.append(scalar)
                pendingSpace = false
            }
        }
        return String(result)
    }
}
