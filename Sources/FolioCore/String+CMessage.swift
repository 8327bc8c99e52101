extension String {
    /// The message a C function wrote into `buffer`: up to its first NUL, as UTF-8 (bytes
    /// that are not become U+FFFD), so a library's message cannot make the caller fail.
    public init(cMessage buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
