import Testing
import FolioCore

@Suite struct WhitespaceTests {
    /// Every scalar with Unicode's White_Space property is white space to the byte-level
    /// collapse, and no other: checked against the property itself over the planes where
    /// text lives, each scalar between two letters, at either end, and doubled.
    @Test func collapse_agreesWithTheWhiteSpaceProperty_forEveryScalar() {
        for value in UInt32(0) ..< 0x3_0000 {
            guard let scalar = Unicode.Scalar(value), value != 0 else { continue }
            let character = String(Character(scalar))
            let collapsed = ("a" + character + character + "b").collapsingWhitespace()
            if scalar.properties.isWhitespace {
                #expect(collapsed == "a b", "U+\(String(value, radix: 16)) is white space")
                #expect((character + "x" + character).collapsingWhitespace() == "x")
            } else if collapsed != "a" + character + character + "b" {
                Issue.record("U+\(String(value, radix: 16)) is not white space, yet collapsed to \(collapsed.debugDescription)")
            }
        }
    }

    @Test func collapse_keepsText_andWorksOnSubstrings() {
        #expect("  Crème\t\tbrûlée \n\u{3000} 日本 ".collapsingWhitespace() == "Crème brûlée 日本")
        #expect("".collapsingWhitespace() == "")
        #expect(" \n ".collapsingWhitespace() == "")
        let text = "xx  a  b  yy"
        #expect(text.dropFirst(2).dropLast(2).collapsingWhitespace() == "a b")
    }
}
