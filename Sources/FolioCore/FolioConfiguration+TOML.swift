
extension FolioConfiguration {
    /// Reads a configuration from TOML text. Keys left out keep their defaults; unknown
    /// keys and values of the wrong type or range are refused, naming `file` and the key,
    /// because a silently ignored typo is a folder that silently never gets indexed.
    public init(toml text: String, file: String) throws(ConfigurationError) {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(text)
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        var reader = TableReader(table: table, file: file, prefix: "")
        var configuration = FolioConfiguration.default
        if let folders = try reader.strings("folders") {
            configuration.folders = folders
        }
        if let includeHidden = try reader.bool("include_hidden") {
            configuration.includeHidden = includeHidden
        }
        if let exclude = try reader.strings("exclude") {
            configuration.exclude = exclude
        }
        if let debounce = try reader.int("debounce_ms", atLeast: 0) { configuration.daemon.debounceMilliseconds = debounce }
        if let delay = try reader.int("max_delay_ms", atLeast: 0) { configuration.daemon.maximumDelayMilliseconds = delay }
        if let workers = try reader.int("workers", atLeast: 0) { configuration.daemon.workers = workers }
        if let timeout = try reader.int("file_timeout_seconds", atLeast: 1) { configuration.daemon.fileTimeoutSeconds = timeout }
        if let rescan = try reader.int("rescan_interval_seconds", atLeast: 10) { configuration.daemon.rescanIntervalSeconds = rescan }
        if let days = try reader.int("offline_days", atLeast: 0) { configuration.daemon.offlineDays = days }
        if let extensions = try reader.strings("code_extensions") {
            configuration.codeExtensions = try extensions.map { text throws(ConfigurationError) in
                guard let found = FilterValues.fileExtension(text) else {
                    throw .invalidValue(file: file, key: "code_extensions", reason: "\"\(text)\" is not a file name extension: give letters and digits, such as \"nim\"")
                }
                return found
            }
        }
        if let maxFileSize = try reader.int("max_file_size", atLeast: 1) {
            configuration.maxFileSize = Int64(maxFileSize)
        }
        if var chunking = try reader.table("chunking") {
            if let maxTokens = try chunking.int("max_tokens_per_chunk", atLeast: 16) {
                configuration.chunking.maxTokensPerChunk = maxTokens
            }
            if let overlap = try chunking.int("overlap_tokens", atLeast: 0) {
                configuration.chunking.overlapTokens = overlap
            }
            try chunking.rejectUnreadKeys()
        }
        if var pdf = try reader.table("pdf") {
            if let backend = try pdf.choice("backend", of: PDFOptions.Backend.self) { configuration.pdf.backend = backend }
            try pdf.rejectUnreadKeys()
        }
        if var ocr = try reader.table("ocr") {
            if let enabled = try ocr.bool("enabled") { configuration.ocr.enabled = enabled }
            if let languages = try ocr.strings("languages") {
                guard !languages.isEmpty, languages.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
                    throw .invalidValue(file: file, key: "ocr.languages", reason: "must list tesseract language codes such as \"eng\"")
                }
                configuration.ocr.languages = languages
            }
            if let dpi = try ocr.int("dpi", atLeast: 72) { configuration.ocr.dpi = min(dpi, 1200) }
            if let pages = try ocr.int("max_pages_per_document", atLeast: 0) { configuration.ocr.maxPagesPerDocument = pages }
            if let seconds = try ocr.int("time_budget_seconds", atLeast: 1) { configuration.ocr.timeBudgetSeconds = seconds }
            try ocr.rejectUnreadKeys()
        }
        if var mail = try reader.table("mail") {
            if let folders = try mail.strings("mailbox_folders") {
                guard folders.allSatisfy({ $0.hasPrefix("/") || $0 == "~" || $0.hasPrefix("~/") }) else {
                    throw .invalidValue(file: file, key: "mail.mailbox_folders", reason: "must list absolute folders (or ones starting with ~/)")
                }
                configuration.mail.mailboxFolders = folders
            }
            try mail.rejectUnreadKeys()
        }
        if var open = try reader.table("open") {
            for (key, path) in [("command", \OpenOptions.command), ("pdf_command", \OpenOptions.pdfCommand)] {
                guard let command = try open.strings(key) else { continue }
                guard command.isEmpty || (!command[0].isEmpty && OpenOptions.namesTheFile(command)) else {
                    throw .invalidValue(file: file, key: "open." + key,
                                        reason: "must be a program and its arguments, one of them holding {path} or {uri}, such as [\"evince\", \"--page-index={page}\", \"{path}\"]")
                }
                configuration.open[keyPath: path] = command
            }
            try open.rejectUnreadKeys()
        }
        if var embeddings = try reader.table("embeddings") {
            if let provider = try embeddings.choice("provider", of: EmbeddingOptions.Provider.self) { configuration.embeddings.provider = provider }
            if let model = try embeddings.string("model") {
                guard !model.isEmpty else { throw .invalidValue(file: file, key: "embeddings.model", reason: "must name a model") }
                configuration.embeddings.model = model
            }
            if let url = try embeddings.string("url") {
                guard url.isEmpty || url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw .invalidValue(file: file, key: "embeddings.url", reason: "must start with http:// or https://, not \"\(url)\"")
                }
                configuration.embeddings.url = url
            }
            if let runtime = try embeddings.string("runtime") { configuration.embeddings.runtime = runtime }
            if let keyFile = try embeddings.string("api_key_file") { configuration.embeddings.apiKeyFile = keyFile }
            if let minutes = try embeddings.int("idle_minutes", atLeast: 1) { configuration.embeddings.idleMinutes = minutes }
            try embeddings.rejectUnreadKeys()
        }
        if var ask = try reader.table("ask") {
            if let provider = try ask.choice("provider", of: AskOptions.Provider.self) { configuration.ask.provider = provider }
            if let model = try ask.string("model") { configuration.ask.model = model }
            if let url = try ask.string("url") {
                guard url.isEmpty || url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw .invalidValue(file: file, key: "ask.url", reason: "must start with http:// or https://, not \"\(url)\"")
                }
                configuration.ask.url = url
            }
            if let keyFile = try ask.string("api_key_file") { configuration.ask.apiKeyFile = keyFile }
            if let tokens = try ask.int("context_tokens", atLeast: 0) { configuration.ask.contextTokens = tokens }
            if let tokens = try ask.int("answer_tokens", atLeast: 16) { configuration.ask.answerTokens = tokens }
            if let passages = try ask.int("passages", atLeast: 1) { configuration.ask.passages = passages }
            if let seconds = try ask.int("timeout_seconds", atLeast: 1) { configuration.ask.timeoutSeconds = seconds }
            if let quotes = try ask.bool("quotes") { configuration.ask.quotes = quotes }
            if let followUps = try ask.choice("follow_ups", of: AskOptions.FollowUps.self) { configuration.ask.followUps = followUps }
            if let turns = try ask.int("history_turns", atLeast: 0) { configuration.ask.historyTurns = turns }
            if let tools = try ask.bool("tools") { configuration.ask.tools = tools }
            if let steps = try ask.int("tool_steps", atLeast: 1) { configuration.ask.toolSteps = steps }
            if let passages = try ask.int("tool_passages", atLeast: 1) { configuration.ask.toolPassages = passages }
            try ask.rejectUnreadKeys()
        }
        try reader.rejectUnreadKeys()
        if configuration.daemon.maximumDelayMilliseconds < configuration.daemon.debounceMilliseconds {
            throw .invalidValue(file: file, key: "max_delay_ms",
                                reason: "must be at least debounce_ms (\(configuration.daemon.debounceMilliseconds))")
        }
        if configuration.chunking.overlapTokens >= configuration.chunking.maxTokensPerChunk {
            throw .invalidValue(file: file, key: "chunking.overlap_tokens",
                                reason: "must be smaller than chunking.max_tokens_per_chunk (\(configuration.chunking.maxTokensPerChunk))")
        }
        self = configuration
    }
}

/// Typed access to one TOML table that remembers which keys were read, so the rest can be
/// reported as unknown.
private struct TableReader {
    let table: TOMLTable
    let file: String
    let prefix: String
    var read: Set<String> = []

    init(table: TOMLTable, file: String, prefix: String) {
        self.table = table
        self.file = file
        self.prefix = prefix
    }

    private mutating func value(_ key: String) -> TOMLValue? {
        read.insert(key)
        return table[key]
    }

    mutating func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case let .array(array) = value else { throw .wrongType(file: file, key: prefix + key, expected: "an array of strings") }
        var strings: [String] = []
        for element in array {
            guard case let .string(string) = element else { throw .wrongType(file: file, key: prefix + key, expected: "an array of strings") }
            strings.append(string)
        }
        return strings
    }

    mutating func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(string) = value else { throw .wrongType(file: file, key: prefix + key, expected: "a string") }
        return string
    }

    /// A string that must name one of `Choice`'s cases.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, of type: Choice.Type) throws(ConfigurationError) -> Choice?
    where Choice.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw .invalidValue(file: file, key: prefix + key,
                                reason: "must be one of \(Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(text)\"")
        }
        return value
    }

    mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .boolean(bool) = value else { throw .wrongType(file: file, key: prefix + key, expected: "true or false") }
        return bool
    }

    mutating func int(_ key: String, atLeast minimum: Int) throws(ConfigurationError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case let .integer(number) = value, let int = Int(exactly: number) else {
            throw .wrongType(file: file, key: prefix + key, expected: "an integer")
        }
        guard int >= minimum else { throw .invalidValue(file: file, key: prefix + key, reason: "must be at least \(minimum), not \(int)") }
        return int
    }

    mutating func table(_ key: String) throws(ConfigurationError) -> TableReader? {
        guard let value = value(key) else { return nil }
        guard case let .table(table) = value else { throw .wrongType(file: file, key: prefix + key, expected: "a table ([\(prefix + key)])") }
        return TableReader(table: table, file: file, prefix: prefix + key + ".")
    }

    func rejectUnreadKeys() throws(ConfigurationError) {
        if let unknown = table.keys.sorted().first(where: { !read.contains($0) }) {
            throw .unknownKey(file: file, key: prefix + unknown)
        }
    }
}
