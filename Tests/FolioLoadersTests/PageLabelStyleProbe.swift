@testable import FolioLoaders

/// Reaches the internal formatter for its table test.
enum PageLabelStyleProbe {
    static func format(_ number: Int, _ style: String) -> String {
        PageLabelStyle.format(number, style: style.utf8.first ?? 0)
    }
}
