internal import Glibc

/// The values of filters as people write them: a date (`2023`, `2023-03`, `2023-03-15`,
/// `today`, `yesterday`) names a span of local time, an age (`3h`, `2d`, `2w`, `6m`, `1y`)
/// a moment before now, a size (`>10M`, `<=500k`, `1M-5M`) a span of bytes, units of 1,024.
public enum FilterValues {
    static let dateHelp = "give a date as 2023, 2023-03, 2023-03-15, today or yesterday"
    static let ageHelp = "give an age as 3h, 2d, 2w, 6m or 1y (hours, days, weeks, months, years), or a date as 2023-03"
    static let sizeHelp = "give a size as >10M, >=1G, <500k, <=2M or 1M-5M (units of 1,024: k, M, G; none for bytes)"
    static let extensionHelp = "give extensions as pdf or pdf,docx (letters and digits)"

    /// Now, in seconds since the epoch: what ages and `today` count from.
    public static func now() -> Int64 { Int64(time(nil)) }

    /// The home folder `dir:~/…` starts from: the searching process's own.
    static var home: String { getenv("HOME").map { String(cString: $0) } ?? "/" }

    /// The span of local time a date names, `nil` if it names none.
    public static func period(_ text: String, now: Int64) -> TimeRange? {
        let lowered = text.lowercased()
        if lowered == "today" || lowered == "yesterday" {
            var time = time_t(now)
            var parts = tm()
            localtime_r(&time, &parts)
            let day = Int(parts.tm_mday) - (lowered == "yesterday" ? 1 : 0)
            let year = Int(parts.tm_year) + 1900, month = Int(parts.tm_mon) + 1
            return TimeRange(from: midnight(year, month, day), until: midnight(year, month, day + 1))
        }
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), fields[0].count == 4,
              fields.dropFirst().allSatisfy({ $0.count == 2 }),
              let numbers = Optional(fields.compactMap { Int($0) }), numbers.count == fields.count,
              fields.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let year = numbers[0]
        switch numbers.count {
        case 1:
            return TimeRange(from: midnight(year, 1, 1), until: midnight(year + 1, 1, 1))
        case 2:
            guard (1...12).contains(numbers[1]) else { return nil }
            return TimeRange(from: midnight(year, numbers[1], 1), until: midnight(year, numbers[1] + 1, 1))
        default:
            let (month, day) = (numbers[1], numbers[2])
            guard (1...12).contains(month), (1...31).contains(day), isDay(year, month, day) else { return nil }
            return TimeRange(from: midnight(year, month, day), until: midnight(year, month, day + 1))
        }
    }

    /// The moment an age names, counted back from `now`; `nil` if it names none.
    public static func moment(age text: String, now: Int64) -> Int64? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let count = Int(digits), count >= 0, count <= 100_000 else { return nil }
        let unit = text.dropFirst(digits.count).lowercased()
        let units: [String: String] = ["h": "h", "hour": "h", "hours": "h", "d": "d", "day": "d", "days": "d",
                                       "w": "w", "week": "w", "weeks": "w", "m": "m", "month": "m", "months": "m",
                                       "y": "y", "year": "y", "years": "y"]
        switch units[unit] {
        case "h": return now - Int64(count) * 3600
        case "d": return now - Int64(count) * 86_400
        case "w": return now - Int64(count) * 7 * 86_400
        case "m", "y":
            // Calendar months: 1m before 31 March is 3 March (mktime carries the day over).
            var time = time_t(now)
            var parts = tm()
            localtime_r(&time, &parts)
            if units[unit] == "m" { parts.tm_mon -= Int32(count) } else { parts.tm_year -= Int32(count) }
            parts.tm_isdst = -1
            return Int64(mktime(&parts))
        default: return nil
        }
    }

    /// The span of sizes a comparison or a range names, `nil` if it names none.
    public static func sizes(_ text: String) -> SizeRange? {
        let operators = [">=", "<=", ">", "<"]
        if let op = operators.first(where: { text.hasPrefix($0) }) {
            guard let bytes = bytes(String(text.dropFirst(op.count))) else { return nil }
            switch op {
            case ">=": return SizeRange(least: bytes)
            case "<=": return SizeRange(most: bytes)
            case ">": return SizeRange(least: bytes + 1)
            default: return bytes > 0 ? SizeRange(most: bytes - 1) : nil
            }
        }
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let least = bytes(String(ends[0])), let most = bytes(String(ends[1])), least <= most else { return nil }
        return SizeRange(least: least, most: most)
    }

    /// `10M`, `1.5G`, `500k`, `2048`: bytes, units of 1,024.
    static func bytes(_ text: String) -> Int64? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard let value = Double(number), value >= 0 else { return nil }
        let powers: [String: Double] = ["": 0, "b": 0, "k": 1, "kb": 1, "kib": 1, "m": 2, "mb": 2, "mib": 2, "g": 3, "gb": 3, "gib": 3,
                                        "t": 4, "tb": 4, "tib": 4]
        guard let power = powers[text.dropFirst(number.count).lowercased()] else { return nil }
        let bytes = value * pow(1024, power)
        guard bytes < 9e18 else { return nil }
        return Int64(bytes.rounded())
    }

    /// An extension as written (`pdf`, `.PDF`): lower case, without its dot.
    static func fileExtension(_ text: String) -> String? {
        let bare = text.hasPrefix(".") ? text.dropFirst() : Substring(text)
        guard !bare.isEmpty, bare.count <= 16, bare.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return bare.lowercased()
    }

    /// Local midnight starting a day; a day past the month's end is carried into the next.
    static func midnight(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_isdst = -1
        return Int64(mktime(&parts))
    }

    /// Whether the month has the day (not 30 February).
    static func isDay(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        var time = time_t(midnight(year, month, day))
        var parts = tm()
        localtime_r(&time, &parts)
        return Int(parts.tm_mday) == day
    }
}
