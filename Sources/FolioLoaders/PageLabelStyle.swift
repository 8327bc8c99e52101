/// The numbering styles of PDF page labels (PDF 1.7, section 12.4.2).
enum PageLabelStyle {
    /// `number` in the style named by its letter: `D` 1 2 3, `R` I II III, `r` i ii iii,
    /// `A` A…Z AA…ZZ, `a` a…z aa…zz; no style gives no number (the prefix alone).
    static func format(_ number: Int, style: UInt8) -> String {
        switch style {
        case UInt8(ascii: "D"): String(number)
        case UInt8(ascii: "R"): roman(number)
        case UInt8(ascii: "r"): roman(number).lowercased()
        case UInt8(ascii: "A"): letters(number)
        case UInt8(ascii: "a"): letters(number).lowercased()
        default: ""
        }
    }

    private static func roman(_ number: Int) -> String {
        guard number > 0, number < 4000 else { return String(number) }
        let symbols: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                                        (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number
        var text = ""
        for (value, symbol) in symbols {
            while rest >= value {
                text += symbol
                rest -= value
            }
        }
        return text
    }

    /// A, B … Z, then AA, BB … ZZ, then AAA…: the letter repeated, as PDF defines it.
    private static func letters(_ number: Int) -> String {
        guard number > 0 else { return String(number) }
        let letter = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8((number - 1) % 26)))
        return String(repeating: letter, count: (number - 1) / 26 + 1)
    }
}
