public import FolioCore
public import FolioChat
internal import FolioSearch
internal import FolioStore
public import FolioAsk

extension FolioToolbox: PassageTools {
    /// The tools a model is given: those that find and read passages, and mail threads.
    public var specs: [ToolSpec] {
        ToolCatalog.all.filter { [ToolCatalog.search, ToolCatalog.read, ToolCatalog.thread].contains($0.name) }
            .map { ToolSpec(name: $0.name, description: $0.description, parameters: $0.inputSchema) }
    }

    /// What a `search`, `read` or `thread` call finds, as passages a model can cite (`folio chat`):
    /// the same arguments, checks and search as `run`, each chunk whole rather than a
    /// snippet, at most `limit` of them; with a note when there is nothing to search or
    /// nothing was found. Another tool's name is `unknownTool`: a model is given these two.
    public func passages(_ name: String, arguments values: [String: JSONValue]?, limit: Int) throws(ToolError) -> (passages: [Passage], note: String?) {
        guard [ToolCatalog.search, ToolCatalog.read, ToolCatalog.thread].contains(name), let allowed = ToolCatalog.arguments(of: name) else {
            throw .unknownTool(name)
        }
        let arguments = try ToolArguments(tool: name, values: values, allowed: allowed)
        if name == ToolCatalog.thread {
            // Each message a passage of its own (its first chunk's place), to cite.
            let transcript = try thread(arguments)
            let passages = transcript.messages.prefix(limit).map {
                Passage(number: 0, path: $0.path, title: $0.subject, kind: .mail, chunk: 0, firstPage: 1, lastPage: 1, pageLabel: nil,
                        section: $0.subject, text: $0.text, lastPageStarts: nil, rank: 0)
            }
            return (Array(passages), transcript.truncated ? "cut to \(ToolCatalog.maximumReadCharacters) characters" : nil)
        }
        if name == ToolCatalog.read {
            let output = try read(arguments)
            let passages = output.passages.prefix(limit).map {
                Passage(number: 0, path: output.path, title: output.title, kind: DocumentKind(rawValue: output.type) ?? .text, chunk: $0.chunk,
                        firstPage: $0.pageFirst, lastPage: $0.pageLast, pageLabel: $0.pageLabel, section: $0.section, text: $0.text,
                        lastPageStarts: nil, rank: 0)
            }
            return (Array(passages), output.truncated ? "cut to \(ToolCatalog.maximumReadCharacters) characters" : nil)
        }
        var (_, request) = try searchRequest(arguments)
        request.allChunks = true
        request.snippetWords = 0
        request.limit = min(request.limit, limit)
        return try withIndex { index throws(ToolError) in
            guard let reader = index.reader else { return ([], index.unavailable) }
            if let path = try arguments.string("path") { request.scope = try scope(path, in: reader, tool: arguments.tool) }
            do {
                let results = try Searcher(index: reader, meaning: request.mode == .lexical ? nil : index.meaning).search(request)
                let contents = try reader.chunkContents(of: results.hits)
                let passages = zip(results.hits, contents).compactMap { hit, content -> Passage? in
                    guard let content else { return nil }
                    return Passage(number: 0, path: hit.path, title: hit.title, kind: hit.kind, chunk: hit.chunkOrdinal, firstPage: hit.firstPage,
                                   lastPage: hit.lastPage, pageLabel: content.firstPageLabel, section: hit.section, text: content.text,
                                   lastPageStarts: content.pageBreak, rank: 0)
                }
                let note = passages.isEmpty ? "nothing found" : results.meaningUnavailable.map { "searched by words only: \($0)" }
                return (passages, note)
            } catch {
                throw .index(session.describe(error))
            }
        }
    }
}
