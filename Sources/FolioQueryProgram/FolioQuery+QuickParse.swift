internal import FolioCLI
internal import FolioCore
internal import FolioStore

extension FolioQuery {
    /// The usual command lines (words, and the options written `--name value`, each once
    /// but `--type` and `--ext`), parsed without ArgumentParser; `nil` for anything else (help, a
    /// completion-script request, an unknown or repeated option, a value that does not
    /// parse, a command line that `validate()` refuses), which ArgumentParser then parses,
    /// or explains.
    ///
    /// ArgumentParser builds its view of a command by reflection and parses the command
    /// line three times (twice looking for `--generate-completion-script`), which cost every
    /// `folioq` process more than ranking most queries (docs/benchmarks.md).
    /// `QuickParseTests` checks that both give the same command for every command line
    /// this takes.
    public static func parsedQuickly(_ arguments: [String]) -> FolioQuery? {
        var words: [String] = []
        var given: Set<String> = []
        var type: [DocumentKind] = []
        var ext: [String] = []
        var filters: [String: String] = [:]
        var (db, config, path, pages, name): (String?, String?, String?, PageRange?, String?) = (nil, nil, nil, nil, nil)
        var (limit, format, mode): (Int, Format, SearchMode) = (10, .human, .hybrid)
        var (allChunks, json, explain, ask, weighMeaning) = (false, false, false, false, false)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                words.append(argument)
                continue
            }
            if argument == "--" {
                words += remaining
                break
            }
            guard argument == "--type" || argument == "--ext" || given.insert(argument).inserted else { return nil }
            switch argument {
            case "--all-chunks": allChunks = true
            case "--json": json = true
            case "--explain": explain = true
            case "--ask": ask = true
            case "--weigh-meaning": weighMeaning = true
            default:
                guard let value = remaining.popFirst(), !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--db": db = value
                case "--config": config = value
                case "--path": path = value
                case "--name": name = value
                case "--ext": ext.append(value)
                case "--after", "--before", "--date", "--since", "--size", "--author", "--from", "--to":
                    filters[String(argument.dropFirst(2))] = value
                case "--limit":
                    guard let number = Int(value) else { return nil }
                    limit = number
                case "--type":
                    guard let kind = DocumentKind(rawValue: value) else { return nil }
                    type.append(kind)
                case "--pages":
                    guard let range = PageRange(argument: value) else { return nil }
                    pages = range
                case "--format":
                    guard let chosen = Format(rawValue: value) else { return nil }
                    format = chosen
                case "--mode":
                    guard let chosen = SearchMode(rawValue: value) else { return nil }
                    mode = chosen
                default:
                    return nil
                }
            }
        }
        var query = FolioQuery()
        query.common = CommonOptions()
        (query.common.db, query.common.config) = (db, config)
        (query.limit, query.path, query.type, query.pages, query.allChunks) = (limit, path, type, pages, allChunks)
        (query.format, query.json, query.mode, query.explain, query.ask, query.query) = (format, json, mode, explain, ask, words)
        (query.weighMeaning, query.name, query.ext) = (weighMeaning, name, ext)
        (query.after, query.before, query.date, query.since) = (filters["after"], filters["before"], filters["date"], filters["since"])
        (query.size, query.author, query.from, query.to) = (filters["size"], filters["author"], filters["from"], filters["to"])
        query.thread = nil
        do {
            try query.validate()
        } catch {
            return nil
        }
        return query
    }
}
