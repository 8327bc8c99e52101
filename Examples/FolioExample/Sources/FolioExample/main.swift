import Folio
import Foundation

// Ingests a PDF and a note into an index of its own, then searches both and prints each
// hit with its page:  FolioExample PDF QUERY...
// With FOLIO_EXAMPLE_OLLAMA set to an Ollama server's address, it also holds a conversation
// of two turns with the documents, the second a follow-up, and prints each answer's sources.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: FolioExample PDF QUERY...\n".utf8))
    exit(2)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-example-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }

do {
    let folio = try FolioEngine(path: folder.appendingPathComponent("index.sqlite").path)
    let pdf = try folio.ingest(.file(URL(fileURLWithPath: arguments.first!)), sourceId: "Report")
    print("ingested \(pdf.sourceId): \(pdf.pages) pages, \(pdf.chunks) chunks")
    let note = try folio.ingest(.text("# Herd\n\nThe alpacas were shorn in May; the wool went to the mill.\n", name: "herd-notes.md"))
    print("ingested \(note.sourceId): \(note.pages) page, \(note.chunks) chunk")

    for query in arguments.dropFirst() {
        print("\(query):")
        for hit in try folio.search(query, limit: 5) {
            let snippet = hit.snippet.rendered(text: { $0 }, match: { "[\($0)]" })
            print("  \(hit.path) p. \(hit.pageLabel ?? String(hit.page)): \(snippet)")
        }
    }
    print("in Report only: \(try folio.search("alpaca", in: "Report").map { "p. \($0.page)" }.joined(separator: ", "))")
    print("sources: \(try folio.listSources().map(\.id).joined(separator: ", "))")

    if let url = ProcessInfo.processInfo.environment["FOLIO_EXAMPLE_OLLAMA"] {
        let options = AskOptions(provider: .ollama, model: "quote", url: url, apiKeyFile: "", contextTokens: 0, answerTokens: 512, passages: 4,
                                 timeoutSeconds: 30)
        let conversation = try FolioConversation(engine: folio, options: options)
        for question in ["When were the alpacas shorn?", "and where did the wool go?"] {
            let turn = try conversation.ask(question)
            print("asked \(turn.question) (searched for: \(turn.searchedFor)): \(turn.status.rawValue)")
            print("  " + turn.answer.trimmingCharacters(in: .whitespaces))
            for source in turn.sources { print("  [\(source.number)] \(source.path): “\(source.quote)”") }
        }
        print("conversation \(conversation.id ?? 0): \(try conversation.turns().count) turns")
    }
} catch {
    FileHandle.standardError.write(Data("FolioExample: \(error)\n".utf8))
    exit(1)
}
