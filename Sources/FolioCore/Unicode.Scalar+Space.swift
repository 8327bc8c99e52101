extension Unicode.Scalar {
    /// Unicode white space, answered without a table lookup for ASCII (most of any text):
    /// the full property lookup was a tenth of indexing time in the profile.
    @inlinable
    public var isSpace: Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return properties.isWhitespace
    }
}
