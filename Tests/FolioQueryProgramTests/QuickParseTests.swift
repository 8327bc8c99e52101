import ArgumentParser
import Testing
@testable import FolioQueryProgram

/// `FolioQuery.parsedQuickly` gives the command ArgumentParser gives for every command line
/// it takes, and leaves to ArgumentParser what it must explain or refuse.
@Suite struct QuickParseTests {
    /// Every option's value, so that two parses can be compared (reading one a parse left
    /// unset stops the test).
    static func values(_ query: FolioQuery) -> String {
        "\(query.common.db as Any) \(query.common.config as Any) \(query.limit) \(query.path as Any) \(query.type) "
            + "\(query.pages?.range as Any) \(query.allChunks) \(query.format) \(query.json) \(query.mode) \(query.explain) "
            + "\(query.ask) \(query.weighMeaning) \(query.query) \(query.name as Any) \(query.after as Any) \(query.before as Any) "
            + "\(query.date as Any) \(query.since as Any) \(query.size as Any) \(query.ext) \(query.author as Any) \(query.from as Any) "
            + "\(query.to as Any)"
    }

    @Test(arguments: [
        ["tax", "2023"],
        ["the -system"],
        ["\"data type\"", "configur*"],
        ["--db", "/tmp/folio.sqlite", "--limit", "5", "tax"],
        ["tax", "--limit", "5", "2023"],
        ["--type", "pdf", "--type", "md", "--mode", "lexical", "--json", "invoice"],
        ["--path", "~/Documents/report.pdf", "--pages", "3-7", "summary"],
        ["--path", "notes", "--pages", "7", "summary"],
        ["--format", "paths", "--all-chunks", "--explain", "--mode", "semantic", "car repair"],
        ["--ask", "--config", "folio.toml", "--format", "json", "how much was the repair?"],
        ["--ask", "--json", "--weigh-meaning", "how much was the repair?"],
        ["--limit", "+3", "--", "-system", "--limit"],
        ["", "word"],
        ["--name", "*.zip"],
        ["--name", "budget*", "--type", "file", "--format", "paths", "2019"],
        ["--after", "2023-01", "--before", "2100", "--since", "2w", "invoice"], ["--date", "2023", "invoice"],
        ["--size", ">10M", "--ext", "pdf", "--ext", "odt,docx", "--author", "Berg", "--from", "anna", "--to", "bob@example.org", "x"],
        ["invoice", "after:2023-01", "from:\"Anna Berg\""],
        ["type:spreadsheet", "date:2023-03"],
    ])
    func usualCommandLines_parseAsArgumentParserParsesThem(_ arguments: [String]) throws {
        let quick = try #require(FolioQuery.parsedQuickly(arguments), "\(arguments) is parsed quickly")
        let full = try #require(try FolioQuery.parseAsRoot(arguments) as? FolioQuery)
        #expect(Self.values(quick) == Self.values(full))
    }

    @Test(arguments: [
        ["--generate-completion-script", "bash"], ["--experimental-dump-help"],
        ["--limit", "five", "tax"], ["--limit", "0", "tax"], ["--bogus", "tax"], ["-system"], ["tax", "--db"],
        ["--db", "--limit", "5", "tax"], ["--type", "doc", "tax"], ["--mode", "fuzzy", "tax"], ["--pages", "3", "tax"],
        ["--path", "x", "--pages", "7-3", "tax"], [], ["  "], ["--ask", "--explain", "tax"],
        ["--name", "a/b", "tax"], ["--name", "*.zip", "--ask"],
        ["--after", "2023-13", "tax"], ["--since", "2x", "tax"], ["--size", "10M", "tax"], ["--ext", "p.df", "tax"],
        ["tax", "colour:red"], ["tax", "-from:anna"], ["tax", "after:2024", "before:2023"], ["--after", "2024", "--before", "2023", "x"],
        ["date:2023-02-30", "tax"], ["--author", " ", "tax"],
    ])
    func commandLinesToRefuse_areLeftToArgumentParser_whichSaysWhy(_ arguments: [String]) {
        #expect(FolioQuery.parsedQuickly(arguments) == nil)
        #expect(throws: (any Error).self) { try FolioQuery.parseAsRoot(arguments) }
    }

    @Test func help_isLeftToArgumentParser() throws {
        for arguments in [["--help"], ["tax", "-h"]] {
            #expect(FolioQuery.parsedQuickly(arguments) == nil)
            #expect(!(try FolioQuery.parseAsRoot(arguments) is FolioQuery))
        }
    }

    /// Rare ways of writing options, which ArgumentParser takes.
    @Test func repeatedOptionsAndAnEqualsSign_areLeftToArgumentParser() throws {
        for (arguments, limit, json) in [(["--limit=5", "tax"], 5, false), (["--limit", "5", "--limit", "6", "tax"], 6, false),
                                         (["--json", "--json", "tax"], 10, true)] {
            #expect(FolioQuery.parsedQuickly(arguments) == nil)
            let full = try #require(try FolioQuery.parseAsRoot(arguments) as? FolioQuery)
            #expect(full.limit == limit && full.json == json)
        }
    }
}
