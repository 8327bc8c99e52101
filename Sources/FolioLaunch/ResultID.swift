/// The string a launcher hands back to say which result was chosen: the page and the path,
/// `"3:/home/ann/Documents/tax.pdf"`. It carries all that opening needs, so a result can
/// be opened even by a provider process that did not run the search (it was restarted).
public struct ResultID: Hashable, Sendable {
    public var path: String
    public var page: Int

    public init(path: String, page: Int) {
        self.path = path
        self.page = page
    }

    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let page = Int(text[..<colon]), page >= 1 else { return nil }
        let path = String(text[text.index(after: colon)...])
        guard path.hasPrefix("/") else { return nil }
        self.init(path: path, page: page)
    }

    public var text: String { "\(page):\(path)" }
}
