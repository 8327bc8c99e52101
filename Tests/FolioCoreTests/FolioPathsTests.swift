import Testing
import FolioCore

@Suite struct FolioPathsTests {
    @Test func defaults_followTheXDGSpecification() {
        let paths = FolioPaths(environment: ["HOME": "/home/ann"])
        #expect(paths.configurationFile == "/home/ann/.config/folio/config.toml")
        #expect(paths.databaseFile == "/home/ann/.local/share/folio/folio.sqlite")
    }

    @Test func xdgVariables_areUsed_andRelativeOnesIgnored() {
        let paths = FolioPaths(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "relative"])
        #expect(paths.configurationFile == "/c/folio/config.toml")
        #expect(paths.databaseFile == "/h/.local/share/folio/folio.sqlite")
    }

    @Test(arguments: [("~", "/h"), ("~/Documents", "/h/Documents"), ("/abs", "/abs"), ("~x", "~x")])
    func tilde_isExpanded(path: String, expected: String) {
        #expect(FolioPaths(environment: ["HOME": "/h"]).expandingTilde(path) == expected)
    }

    @Test(arguments: [
        ("a/b", "/cwd/a/b"), ("/x/./y//z/", "/x/y/z"), ("../up", "/up"), ("/a/b/../c", "/a/c"), ("/", "/"), ("/../..", "/"),
    ])
    func absolutePath_isNormalisedLexically(path: String, expected: String) {
        #expect(AbsolutePath.normalise(path, relativeTo: "/cwd") == expected)
    }

    @Test(arguments: [
        ("/a/Report.PDF", "pdf"), ("/a/archive.tar.gz", "gz"), ("/a/.bashrc", nil), ("/a.d/README", nil), ("/a/trailing.", ""),
        ("notes.txt", "txt"), (".profile", nil), ("/a/..", ""), ("/a/Ünïcode.ÉPUB", "épub"),
    ] as [(String, String?)])
    func fileExtension_isWhatFollowsTheNamesLastDot_notItsFirst(path: String, expected: String?) {
        #expect(AbsolutePath.fileExtension(path) == expected)
    }
}

@Suite struct FolioDataDirectoriesTests {
    @Test func dataDirectories_userFirst_thenSystemDefaults() {
        let paths = FolioPaths(environment: ["HOME": "/h"])
        #expect(paths.dataDirectories == ["/h/.local/share/folio", "/usr/local/share/folio", "/usr/share/folio"])
    }

    @Test func dataDirectories_followXDGDataDirs_withoutRelativeEntries() {
        let paths = FolioPaths(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/opt/share:relative:/srv"])
        #expect(paths.dataDirectories == ["/d/folio", "/opt/share/folio", "/srv/folio"])
    }
}
