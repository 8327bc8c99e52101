import Testing
import Foundation
import FolioTestSupport

/// `make install-manual` with the built programs: the manual pages render without a
/// warning, and the shell completions are valid scripts that know the options.
@Suite struct ManualTests {
    /// The programs with a page and completions; `folio chat` has a page (`folio-chat(1)`).
    static let programs = ["folioq", "folioctl", "foliod", "folio-rofi"]

    @Test func manualPagesAndCompletions_areInstalledAndRender() throws {
        let folio = try Binaries()
        let stage = folio.home + "/stage"
        let install = try folio.runTool("/usr/bin/make", ["-s", "-C", LauncherTests.repository, "install-manual", "BIN=" + BuiltProducts.directory,
                                                          "DESTDIR=" + stage, "PREFIX=/usr/local"])
        #expect(install.status == 0, "\(install.output) \(install.error)")
        let man = stage + "/usr/local/share/man"
        let pages = (Self.programs + ["folio-chat"]).map { "\(man)/man1/\($0).1" } + ["\(man)/man5/folio-config.5"]
        for page in pages {
            let groff = try folio.runTool("/usr/bin/groff", ["-ww", "-z", "-mandoc", page])
            #expect(groff.status == 0 && groff.error.isEmpty, "\(page): \(groff.error)")
            let shown = try folio.runTool("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""])
            #expect(shown.status == 0 && shown.output.contains("NAME") && shown.output.contains("SEE ALSO"), "\(page): \(shown.error)")
        }
        let folioq = try folio.runTool("/usr/bin/man", ["-l", "\(man)/man1/folioq.1"], environment: ["MANWIDTH": "100"]).output
        #expect(folioq.contains("--limit") && folioq.contains("--mode") && folioq.contains("EXIT STATUS"), "\(folioq)")
        let folioctl = try folio.runTool("/usr/bin/man", ["-l", "\(man)/man1/folioctl.1"], environment: ["MANWIDTH": "100"]).output
        #expect(["status", "index", "forget", "reindex"].allSatisfy(folioctl.contains), "every command is in folioctl(1)")
        let configuration = try folio.runTool("/usr/bin/man", ["-l", "\(man)/man5/folio-config.5"], environment: ["MANWIDTH": "100"]).output
        #expect(configuration.contains("max_tokens_per_chunk = 500") && configuration.contains("[embeddings]"), "\(configuration)")
        let chat = try folio.runTool("/usr/bin/man", ["-l", "\(man)/man1/folio-chat.1"], environment: ["MANWIDTH": "100"]).output
        #expect(chat.contains("--resume") && chat.contains("--export") && chat.contains("/sources"), "\(chat)")

        let share = stage + "/usr/local/share"
        for program in Self.programs {
            let bash = share + "/bash-completion/completions/" + program
            #expect(try folio.runTool("/bin/bash", ["-n", bash]).status == 0, "\(bash) is valid bash")
            let registered = try folio.runTool("/bin/bash", ["-c", "source \(bash) && complete -p \(program)"])
            #expect(registered.status == 0 && registered.output.contains(program), "\(registered.error)")
            #expect(try String(contentsOfFile: share + "/zsh/site-functions/_" + program, encoding: .utf8).hasPrefix("#compdef \(program)"))
            #expect(try String(contentsOfFile: share + "/fish/vendor_completions.d/\(program).fish", encoding: .utf8).contains("complete -c '\(program)'"))
        }
        let options = try String(contentsOfFile: share + "/bash-completion/completions/folioq", encoding: .utf8)
        #expect(options.contains("--limit") && options.contains("--mode"))
    }
}
