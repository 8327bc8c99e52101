/// The key of a document in the index: the absolute path of its file, or, for a document
/// inside a file (a mailbox's message, a message's attachment), the file's path, `//` and
/// where inside it the document is: `/home/ada/Mail/Inbox//42` is the 42nd message of that
/// mailbox, `/home/ada/Mail/Inbox//42/invoice.pdf` its attachment,
/// `/home/ada/notes/order.eml//invoice.pdf` an attachment of a message file.
///
/// `//` never occurs in a path Folio keeps (they are normalised), so a key says whether it
/// is a file; and a document inside a file sorts below it, so a folder's documents, a
/// path filter and a rename of the file cover the documents inside it as they do the file's.
public enum DocumentKey {
    static let separator = "//"

    /// The key of the document at `inner` (its parts joined by `/`) inside the file or
    /// document `container`.
    public static func inner(_ inner: String, of container: String) -> String {
        (container.contains(separator) ? container + "/" : container + separator) + inner
    }

    /// The file that holds the document `key`: `key` itself for a file.
    public static func file(of key: String) -> String {
        guard let range = key.firstRange(of: separator) else { return key }
        return String(key[..<range.lowerBound])
    }

    /// Whether `key` names a document inside a file.
    /// Looks at bytes: every file a walk meets is asked, and `String.contains` compares
    /// characters.
    public static func isInner(_ key: String) -> Bool {
        var afterSlash = false
        for byte in key.utf8 {
            if byte == UInt8(ascii: "/") {
                if afterSlash { return true }
                afterSlash = true
            } else {
                afterSlash = false
            }
        }
        return false
    }

    /// A name made fit for a key's inner part and a file name: no `/`, not empty, not `.`
    /// or `..`.
    public static func part(_ name: String) -> String {
        let cleaned = String(name.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "unnamed" : cleaned
    }
}
