/// About how many tokens a language model's tokenizer makes of a text, erring high: the
/// context budget is counted with it before any model is asked (each model has its own
/// tokenizer, and none of them is here). Byte-pair tokenizers give a common English
/// word one token, long words one per five or six letters, numbers one per three
/// digits; a scalar outside ASCII (an accent, a CJK character, an emoji) is counted as a
/// token of its own, which is about right for CJK and high for accented Latin. The
/// count the provider reports is shown beside it afterwards (`--json`).
public enum TokenEstimate {
    public static func tokens(in text: String) -> Int {
        var count = 0
        var letters = 0
        var digits = 0
        func endRuns() {
            count += (letters + 5) / 6 + (digits + 2) / 3
            letters = 0
            digits = 0
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A:
                if digits > 0 { endRuns() }
                letters += 1
            case 0x30...0x39:
                if letters > 0 { endRuns() }
                digits += 1
            case 0x20, 0x09, 0x0A, 0x0D:
                endRuns()
            default:
                endRuns()
                count += 1
            }
        }
        endRuns()
        return count
    }
}
