internal import ArgumentParser
internal import FolioCLI
internal import FolioCore
internal import FolioSearch
internal import FolioStore
internal import FoundationEssentials

extension FolioQuery {
    /// The most characters of message text `--thread` shows.
    static let threadCharacters = 60_000

    /// `folioq --thread PATH`: the thread of the message at PATH, in order, each message
    /// with its sender, date and text.
    func showThread(_ given: String) throws {
        // Not normalised: a mailbox's message path holds `//`.
        let expanded = common.paths.expandingTilde(given)
        let path = expanded.hasPrefix("/") ? expanded : Environment.currentDirectory + "/" + expanded
        let transcript: ThreadTranscript
        do {
            let reader = try IndexReader(path: common.databasePath)
            guard let thread = try reader.mailThread(of: path) else {
                Output.error("folioq: \(path) is not a message in the index (folioq --type mail finds them)\n")
                throw ExitStatus.nothing
            }
            transcript = try ThreadTranscript.read(thread, from: reader, limit: Self.threadCharacters)
        } catch let code as ExitCode {
            throw code
        } catch {
            throw ExitStatus.fail("folioq", error)
        }
        if json || format == .json {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Output.standard(String(decoding: (try? encoder.encode(transcript)) ?? Data("{}".utf8), as: UTF8.self) + "\n")
        }
        if format == .paths { return Output.standard(transcript.messages.map { $0.path + "\n" }.joined()) }
        let colour = Output.colourOnStandardOutput
        func style(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text }
        var text = style("Thread: “\(transcript.subject ?? "no subject")”, \(transcript.messages.count) message\(transcript.messages.count == 1 ? "" : "s")", "1") + "\n"
        for message in transcript.messages {
            let indent = String(repeating: "  ", count: min(message.depth, 8))
            text += "\n" + indent + style(message.subject ?? "(no subject)", "1") + (message.path == path ? style("  ◀", "33") : "") + "\n"
            text += indent + style(AbsolutePath.abbreviated(message.path, home: common.paths.home), "2") + "\n"
            for line in message.text.split(separator: "\n", omittingEmptySubsequences: false) { text += indent + "  " + line + "\n" }
        }
        if transcript.truncated { text += "\n" + style("(the texts were cut to \(Self.threadCharacters) characters)", "2") + "\n" }
        Output.standard(text)
    }
}
