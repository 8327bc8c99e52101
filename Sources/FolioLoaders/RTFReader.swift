internal import FolioCore

/// The text of a Rich Text Format file: paragraphs as lines, `\outlinelevel` paragraphs as
/// headings (the sections), table rows a line each with ` | ` between cells, footnotes and
/// comments after the paragraph they are anchored in, `\page` breaks as pages. The title is `\info`'s
/// `\title`, the author its `\author`.
///
/// Left out: font, colour and style tables, pictures and embedded objects, field
/// instructions (their results are kept), headers and footers, and every `\*` destination
/// Folio does not know. Characters come from `\uN` (Unicode) or, for `\'hh` and 8-bit
/// bytes, from Windows-1252, the code page of nearly all RTF written in the West; text in
/// another ANSI code page without `\u` escapes comes out as Windows-1252 would show it.
///
/// The reader never recurses, so nesting cannot exhaust the stack.
///
/// Related documentation: Microsoft's Rich Text Format (RTF) Specification, version 1.9.1.
struct RTFReader {
    let bytes: [UInt8]

    /// A group's state, saved at `{` and restored at `}`.
    private struct Group {
        /// Inside a destination whose text is left out.
        var skipped = false
        /// Inside `\info`, the document's properties.
        var info = false
        /// Inside `\info`'s `\title` or `\author`: where the group's text goes.
        var property: Property?
        /// How many fallback characters follow a `\uN` (`\ucN`).
        var fallbackCount = 1
        /// The paragraph is in a table (`\intbl`): `\par` ends a cell's line, not the row's.
        var inTable = false
        /// Inside a footnote or comment, whose text is given after its paragraph.
        var note = false
    }

    /// The document properties read from `\info`.
    private enum Property {
        case title, author
    }

    /// Destinations whose text is not the document's.
    private static let skippedDestinations: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "objdata", "header", "headerl", "headerr", "headerf",
        "footer", "footerl", "footerr", "footerf", "fldinst", "themedata", "colorschememapping", "latentstyles", "datastore",
        "xmlnstbl", "listtable", "listoverridetable", "rsidtbl", "generator", "mmathPr", "filetbl", "revtbl", "bkmkstart",
        "bkmkend", "template", "atnid", "atnauthor", "atndate", "atnref", "listtext", "pntext", "pntxta", "pntxtb", "shppict",
        "nonshppict", "blipuid", "userprops", "docvar", "xmlopen", "xmlclose", "sp", "sn", "sv", "passwordhash", "wgrffmtfilter",
        "pgdsctbl", "title", "author",
    ]

    /// Control words that stand for a character.
    private static let characters: [String: String] = [
        "tab": " ", "emdash": "\u{2014}", "endash": "\u{2013}", "emspace": " ", "enspace": " ", "qmspace": " ", "bullet": "\u{2022}",
        "lquote": "\u{2018}", "rquote": "\u{2019}", "ldblquote": "\u{201C}", "rdblquote": "\u{201D}", "cell": " | ", "nestcell": " ",
    ]

    func read(path: String) -> LoadedDocument {
        var builder = PageBuilder()
        var stack: [Group] = []
        var group = Group()
        var line = ""
        /// The lines of notes anchored in the paragraph being read, and the paragraph's
        /// text while a note is read.
        var notes: [String] = []
        var interrupted: [String] = []
        var heading = false
        var properties: [Property: String] = [:]
        var pending: [UInt8] = []
        /// Fallback characters still to skip after a `\uN`.
        var skipping = 0
        /// A `\*` was just read: the group's destination is optional.
        var optional = false

        func take(_ text: String) {
            flushBytes()
            if let property = group.property {
                properties[property, default: ""] += text
            } else if !group.skipped {
                line += text
            }
        }
        func flushBytes() {
            guard !pending.isEmpty else { return }
            let text = TextDecoding.windows1252(pending)
            pending = []
            if let property = group.property {
                properties[property, default: ""] += text
            } else if !group.skipped {
                line += text
            }
        }
        func endLine() {
            flushBytes()
            if group.note {
                notes.append(line)
            } else {
                var text = line.collapsingWhitespace()
                while text.hasSuffix(" |") || text == "|" { text = text.dropLast(text == "|" ? 1 : 2).collapsingWhitespace() }
                if heading { builder.addHeading(text) } else { builder.add(text) }
                notes.forEach { builder.add($0) }
                notes = []
            }
            line = ""
        }

        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"):
                flushBytes()
                stack.append(group)
            case UInt8(ascii: "}"):
                flushBytes()
                if let outer = stack.popLast() {
                    if group.note, !outer.note {
                        notes.append(line)
                        line = interrupted.popLast() ?? ""
                    }
                    group = outer
                }
                optional = false
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let next = bytes[index]
                if Self.isLetter(next) {
                    var end = index
                    while end < bytes.count, Self.isLetter(bytes[end]), end - index < 32 { end += 1 }
                    let word = String(decoding: bytes[index ..< end], as: UTF8.self)
                    var parameter: Int?
                    var cursor = end
                    var negative = false
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") {
                        negative = true
                        cursor += 1
                    }
                    var digits = 0
                    var value = 0
                    while cursor < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[cursor]), digits < 10 {
                        value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                        cursor += 1
                        digits += 1
                    }
                    if digits > 0 { parameter = negative ? -value : value } else { cursor = end }
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
                    index = cursor
                    if skipping > 0 {
                        skipping -= 1
                        continue
                    }
                    if optional {
                        optional = false
                        if word != "footnote", word != "annotation" {
                            group.skipped = true
                            continue
                        }
                    }
                    if word == "title" || word == "author", group.info {
                        group.property = word == "title" ? .title : .author
                        group.skipped = false
                        continue
                    }
                    if Self.skippedDestinations.contains(word) {
                        group.skipped = true
                        group.info = group.info || word == "info"
                        continue
                    }
                    switch word {
                    case "par", "line":
                        if group.inTable { take(" ") } else { endLine() }
                    case "sect", "row": endLine()
                    case "intbl": group.inTable = true
                    case "page":
                        endLine()
                        builder.endPage()
                    case "pard":
                        heading = false
                        group.inTable = false
                    case "outlinelevel": heading = (parameter ?? 9) < 9
                    case "u":
                        guard let parameter else { continue }
                        let code = parameter < 0 ? parameter + 65_536 : parameter
                        take(Unicode.Scalar(UInt32(clamping: code)).map { String(Character($0)) } ?? "\u{FFFD}")
                        skipping = group.fallbackCount
                    case "uc": group.fallbackCount = max(0, parameter ?? 1)
                    case "bin":
                        index = min(bytes.count, index + max(0, parameter ?? 0))
                    case "footnote", "annotation":
                        guard !group.note else { continue }
                        flushBytes()
                        interrupted.append(line)
                        line = ""
                        group.note = true
                    default:
                        if let text = Self.characters[word] { take(text) }
                    }
                } else {
                    index += 1
                    switch next {
                    case UInt8(ascii: "'"):
                        guard let value = Self.hexByte(bytes, at: index) else { continue }
                        index += 2
                        if skipping > 0 {
                            skipping -= 1
                        } else if !group.skipped || group.property != nil {
                            pending.append(value)
                        }
                    case UInt8(ascii: "*"):
                        optional = true
                    case UInt8(ascii: "~"): take(" ")
                    case UInt8(ascii: "_"): take("-")
                    case UInt8(ascii: "-"): continue
                    case 0x0A, 0x0D: endLine()
                    default:
                        if skipping > 0 {
                            skipping -= 1
                        } else {
                            take(String(decoding: [next], as: UTF8.self))
                        }
                    }
                }
            case 0x0A, 0x0D:
                continue
            default:
                if skipping > 0 {
                    skipping -= 1
                } else if byte >= 0x80 {
                    if !group.skipped || group.property != nil { pending.append(byte) }
                } else {
                    take(byte == 0x09 ? " " : String(UnicodeScalar(byte)))
                }
            }
        }
        endLine()
        let title = properties[.title]?.collapsingWhitespace() ?? ""
        let author = properties[.author]?.collapsingWhitespace() ?? ""
        return LoadedDocument(kind: .document, title: title.isEmpty ? nil : title, pages: builder.finish(),
                              fields: author.isEmpty ? [:] : [.author: author])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte)
    }

    private static func hexByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 1 < bytes.count, let high = PercentDecoding.hexValue(bytes[index]), let low = PercentDecoding.hexValue(bytes[index + 1]) else { return nil }
        return high << 4 | low
    }
}
