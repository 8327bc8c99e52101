internal import FoundationEssentials

/// What `foliod-worker --render-page` writes, one JSON line: a PDF page as a PNG and where
/// its words sit on it, in its pixels (`PagePicture`), or why it could not be drawn. `folio
/// ui` reads it; the drawing happens in the worker, so a PDF that crashes MuPDF costs that
/// process only.
public struct PagePictureMessage: Codable, Sendable, Equatable {
    public var png: [UInt8]
    public var width: Int
    public var height: Int
    public var pages: Int
    /// Each word and its box: x, y, width, height.
    public var words: [Word]
    public var error: String?

    public struct Word: Codable, Sendable, Equatable {
        public var text: String
        public var box: [Double]

        public init(text: String, box: [Double]) {
            self.text = text
            self.box = box
        }
    }

    public init(png: [UInt8], width: Int, height: Int, pages: Int, words: [Word], error: String? = nil) {
        self.png = png
        self.width = width
        self.height = height
        self.pages = pages
        self.words = words
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case png, width, height, pages, words, error }

    /// The PNG goes as base64: a JSON array of its bytes would be four times its size.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .png)
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorruptedError(forKey: .png, in: container, debugDescription: "not base64")
        }
        png = Array(data)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        pages = try container.decode(Int.self, forKey: .pages)
        words = try container.decode([Word].self, forKey: .words)
        error = try container.decodeIfPresent(String.self, forKey: .error)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Data(png).base64EncodedString(), forKey: .png)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(pages, forKey: .pages)
        try container.encode(words, forKey: .words)
        try container.encodeIfPresent(error, forKey: .error)
    }

    /// The message as its line, and read back from one.
    public var line: [UInt8] { WireProtocol.encode(self) }

    public static func read(_ line: [UInt8]) throws -> PagePictureMessage {
        try WireProtocol.decode(PagePictureMessage.self, from: line)
    }
}
