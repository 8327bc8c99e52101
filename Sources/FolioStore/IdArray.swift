/// Ids given to one statement as a JSON array, for `json_each`: one statement for any
/// number of them, and the same text whatever they are. A statement that reads them first
/// (`CROSS JOIN` fixes that order) looks each one up, in the array's order.
enum IdArray {
    /// Written digit by digit into one buffer: a string for each id, joined, cost more than
    /// the statement that reads them (docs/benchmarks.md, "Documents before their chunks").
    static func json(_ ids: some Sequence<Int64>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(ids.underestimatedCount * 8 + 2)
        var digits = [UInt8](repeating: 0, count: 20)
        for id in ids {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            if id < 0 { bytes.append(UInt8(ascii: "-")) }
            var rest = id.magnitude, count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            while count > 0 {
                count -= 1
                bytes.append(digits[count])
            }
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
