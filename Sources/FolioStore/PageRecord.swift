/// What the index keeps of one page besides its text.
public struct PageRecord: Sendable, Equatable {
    /// 1-based physical page.
    public var number: Int
    /// The printed label, where the file has one.
    public var label: String?
    /// Tesseract's mean confidence when the text came from OCR; `nil` otherwise.
    public var ocrConfidence: Double?

    public init(number: Int, label: String?, ocrConfidence: Double?) {
        self.number = number
        self.label = label
        self.ocrConfidence = ocrConfidence
    }
}
