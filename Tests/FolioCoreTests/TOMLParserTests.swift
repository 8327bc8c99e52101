import Testing
import Foundation
@testable import FolioCore

/// `TOMLParser` against Python's `tomllib` (the standard library's TOML 1.0 reader) on the
/// same documents: what one reads, the other reads the same; what one refuses, so does the
/// other. Date-times, which Folio's parser refuses by design, are left out.
@Suite struct TOMLParserTests {
    static let documents: [String] = [
        "",
        "# only a comment\n",
        "a = 1\nb = -2\nc = +3\nd = 1_000\ne = 0\n",
        "hex = 0xDEAD_beef\noct = 0o755\nbin = 0b1101\n",
        "f = 3.14\ng = -0.5\nh = 5e+22\ni = 1e06\nj = -2E-2\nk = 6.626e-34\nl = 224_617.445_991\n",
        "inf1 = inf\ninf2 = -inf\nnan1 = nan\n",
        "t = true\nf = false\n",
        #"s = "tab\tnewline\nquote\"back\\slash\u00e9\U0001F600""#,
        "s = 'C:\\Users\\literal'\n",
        "s = \"\"\"\nfirst\nsecond\"\"\"\n",
        "s = \"\"\"\\\n    joined \\\n    here\"\"\"\n",
        "s = '''\nraw \\n text\n'''\n",
        "s = \"\"\"two quotes at the end\"\"\"\"\"\n",
        "s = '''two quotes at the end'''''\n",
        "a = [1, 2, 3]\nb = [\"x\", 'y']\nc = [ [1, 2], [\"a\"] ]\nd = []\n",
        "a = [\n  1, # one\n  2,\n]\n",
        "t = { x = 1, y = \"two\", z.w = true }\n",
        "[table]\nkey = \"v\"\n[table.sub]\nk = 1\n",
        "a.b.c = 1\na.d = 2\n",
        "\"quoted key\" = 1\n'literal key' = 2\n\"\" = 3\n",
        "[[fruit]]\nname = \"apple\"\n[[fruit]]\nname = \"banana\"\n[fruit.colour]\nmain = \"yellow\"\n",
        "[a]\n[a.b]\n[x.y.z]\n",
        "[[p]]\n[p.q]\nn = 1\n[[p]]\n[p.q]\nn = 2\n",
        "key = \"value\" # a comment after\n[t] # and here\n",
        "folders = [\"~/Documents\", \"~/Papers\"]\ninclude_hidden = false\n[ocr]\nlanguages = [\"eng\", \"deu\"]\n",
        // Refused by both.
        "a = 1\na = 2\n",
        "[t]\n[t]\n",
        "a = \n",
        "a = \"unclosed\n",
        "a = 01\n",
        "a = 1__0\n",
        "a = _1\n",
        "a = .5\n",
        "a = 5.\n",
        "a = 0x\n",
        "a = [1 2]\n",
        "a = {x = 1,}\n",
        "a = {x = 1}\na.y = 2\n",
        "a = [1]\n[[a]]\n",
        "a = \"bad \\q escape\"\n",
        "a = 1 b = 2\n",
        "= 1\n",
        "a = tru\n",
        "[a\nb = 1\n",
        "a.b = 1\na = 2\n",
        "a = \"\\uD800\"\n",
        "a = 'control\u{01}char'\n",
        "a = \"x\" junk\n",
    ]

    @Test(arguments: documents)
    func readsWhatTomllibReads_andRefusesWhatItRefuses(document: String) throws {
        let reference = try Self.tomllib(document)
        switch (reference, Result { () throws(TOMLParser.Failure) in try TOMLParser.parse(document) }) {
        case let (expected?, .success(table)):
            #expect(Self.json(.table(table)) == expected, "\(document.debugDescription)")
        case (nil, .failure):
            break
        case let (expected?, .failure(failure)):
            Issue.record("refused \(document.debugDescription) (\(failure)) that tomllib reads as \(expected)")
        case let (nil, .success(table)):
            Issue.record("read \(document.debugDescription) as \(Self.json(.table(table))), which tomllib refuses")
        }
    }

    @Test func dateTimes_areRefusedWithAReason() {
        for document in ["d = 1979-05-27\n", "d = 1979-05-27T07:32:00Z\n", "d = 07:32:00\n", "d = 1979-05-27 07:32:00\n"] {
            #expect(throws: TOMLParser.Failure.self) { try TOMLParser.parse(document) }
            #expect((try? TOMLParser.parse(document)) == nil)
            do {
                _ = try TOMLParser.parse(document)
            } catch {
                #expect(error.reason.contains("dates and times"), "\(error)")
            }
        }
    }

    @Test func failure_saysTheLineAndColumn() {
        #expect(throws: TOMLParser.Failure(line: 3, column: 5, reason: "expected a value (a string needs quotes)")) {
            try TOMLParser.parse("a = 1\n\nb = x\n")
        }
    }

    /// A value as canonical JSON, floats as Python's `repr` writes them.
    static func json(_ value: TOMLValue) -> String {
        switch value {
        case let .string(text):
            let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        case let .integer(number): return "\(number)"
        case let .float(number): return number.isNaN ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : "\(number)"
        case let .boolean(flag): return flag ? "true" : "false"
        case let .array(elements): return "[" + elements.map(json).joined(separator: ",") + "]"
        case let .table(table):
            return "{" + table.keys.sorted().map { json(.string($0)) + ":" + json(table[$0]!) }.joined(separator: ",") + "}"
        }
    }

    /// What tomllib reads, as the same canonical JSON; `nil` when it refuses the document.
    static func tomllib(_ document: String) throws -> String? {
        let script = """
            import json, sys, tomllib
            def canon(v):
                if isinstance(v, bool): return 'true' if v else 'false'
                if isinstance(v, int): return str(v)
                if isinstance(v, float):
                    if v != v: return 'NaN'
                    if v in (float('inf'), float('-inf')): return 'Infinity' if v > 0 else '-Infinity'
                    return repr(v)
                if isinstance(v, str): return json.dumps(v, ensure_ascii=False)
                if isinstance(v, list): return '[' + ','.join(canon(x) for x in v) + ']'
                if isinstance(v, dict): return '{' + ','.join(json.dumps(k, ensure_ascii=False) + ':' + canon(v[k]) for k in sorted(v)) + '}'
                raise TypeError(type(v))
            try:
                data = tomllib.loads(sys.stdin.buffer.read().decode('utf-8'))
            except tomllib.TOMLDecodeError:
                sys.exit(3)
            sys.stdout.write(canon(data))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        python.standardInput = input
        python.standardOutput = output
        try python.run()
        try input.fileHandleForWriting.write(contentsOf: Data(document.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        if python.terminationStatus == 3 { return nil }
        #expect(python.terminationStatus == 0, "tomllib's reader failed on \(document.debugDescription)")
        return text
    }
}
