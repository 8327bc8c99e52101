import Testing
import Foundation
import FolioSQLite

/// Search by meaning with the built programs and the real model (installed by `make test`).
@Suite struct SemanticTests {
    /// Each document answers its question without sharing a word with it: search by words
    /// cannot find it, search by meaning must.
    static let paraphrases: [(question: String, file: String, text: String)] = [
        ("how much did the car repair cost", "invoice.txt", "Vehicle service invoice: 480 EUR for brake pads and an oil change at our garage."),
        ("what time does my plane go", "boarding.txt", "Boarding pass: departure 07:45, gate 12, seat 14C, Lufthansa LH 123 to Munich."),
        ("what should I cook tonight", "recipe.txt", "Recipe: spaghetti with tomato sauce, garlic, basil and parmesan; ready in twenty minutes."),
        ("is my apartment lease ending soon", "tenancy.txt", "Tenancy agreement: rental contract for this flat expires on 31 March; notice must be given three months before."),
        ("which medicine did the doctor prescribe", "pharmacy.txt", "Pharmacy receipt: ibuprofen 400 mg tablets, take one after meals, from Dr. Weber's practice."),
        ("how much holiday time do I still have", "leave.txt", "HR statement: annual leave balance of 12 days remaining for this year."),
    ]

    @Test func paraphrases_areFoundByMeaning_notByWords() throws {
        let folio = try Binaries().withSemanticSearch()
        for item in Self.paraphrases { try folio.write("Documents/" + item.file, item.text) }
        let index = try folio.run("folioctl", ["index", folio.home + "/Documents"])
        #expect(index.status == 0)
        #expect(index.output.contains("semantic: local:all-MiniLM-L6-v2, 6 windows, 6 embedded"), "\(index.output)")
        try folio.startEmbedder()
        for item in Self.paraphrases {
            let lexical = try folio.run("folioq", ["--mode", "lexical", "--format", "paths", item.question])
            #expect(lexical.status == 1, "words found \(lexical.output) for \(item.question)")
            for mode in ["semantic", "hybrid"] {
                let found = try folio.run("folioq", ["--mode", mode, "--limit", "1", "--format", "paths", item.question])
                #expect(found.output == folio.home + "/Documents/" + item.file + "\n", "\(mode): \(item.question) → \(found.output) \(found.error)")
            }
        }
        let explained = try folio.run("folioq", ["--explain", "--limit", "1", Self.paraphrases[0].question])
        #expect(explained.output.contains("words: not found · meaning #1 (cosine 0."), "\(explained.output)")
        let json = try folio.run("folioq", ["--json", "--limit", "1", Self.paraphrases[0].question])
        #expect(json.output.contains("\"mode\":\"hybrid\"") && json.output.contains("\"semantic_rank\":1"), "\(json.output)")
        // A phrase keeps to the words.
        #expect(try folio.run("folioq", ["--format", "paths", "\"car repair\""]).status == 1)
    }

    /// `--ask --weigh-meaning` weighs a sentence its cited passage's words do not bear out by meaning, with
    /// the real embedder (the cited chunk's windows, by the vectors the index holds), and
    /// reports how near it came; it stays unsupported.
    @Test func anUnsupportedCitation_isWeighedByMeaning_andStaysUnsupported() throws {
        let folio = try Binaries().withSemanticSearch()
        for item in Self.paraphrases { try folio.write("Documents/" + item.file, item.text) }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        try folio.startEmbedder()
        let server = try AskTests.ChatServer(log: folio.home + "/chat-requests.log")
        try folio.write("config/folio/config.toml", "[ask]\nprovider = \"ollama\"\nurl = \"http://127.0.0.1:\(server.port)\"\nmodel = \"unsupported\"\n")
        let result = try folio.run("folioq", ["--ask", "--json", "--weigh-meaning", Self.paraphrases[0].question])
        #expect(result.status == 1, "\(result.output) \(result.error)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let unsupported = try #require((answer["unsupported_citations"] as? [[String: Any]])?.first)
        let check = try #require(unsupported["check"] as? [String: Any])
        let similarity = try #require(check["similarity"] as? Double, "weighed by meaning: \(check)")
        #expect(similarity > -1 && similarity < 0.5, "a wedding is not a car repair: \(similarity)")
        #expect(check["found_by"] is NSNull && answer["status"] as? String == "unsupported")
    }

    /// Words first, with the real model: among look-alike invoices the one whose number is
    /// typed comes first, however it is typed; each small file is found first by the word
    /// only it holds; a word found nowhere says so and finds nothing, or only what holds
    /// the other words, after a line that says which word no document has.
    @Test func theFileThatHoldsTheWords_comesFirst_andWordsFoundNowhereAreSaid() throws {
        let folio = try Binaries().withSemanticSearch()
        let customers = ["Anna Schmidt", "Jonas Weber", "Maria Rossi", "Liam Murphy", "Sofia Nowak"]
        let services = ["plumbing repair", "boiler service", "window cleaning", "roof inspection", "chimney sweep"]
        for number in 4700..<4740 {
            try folio.write("Documents/invoices/invoice-\(number).txt", """
                INVOICE No. INV-2023-\(number)
                Customer: \(number == 4733 ? "Bartholomew Quist" : customers[number % 5])
                Service: \(services[(number / 5) % 5])
                Amount due: \(80 + number % 97) EUR
                """)
        }
        let words = ["quokka", "marzipan", "zeppelin", "obsidian", "tamarind", "xylophone"]
        for (index, word) in words.enumerated() {
            try folio.write("Documents/notes/note-\(index).txt", "A short note about the week, the garden and the \(word) we saw.")
        }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        try folio.startEmbedder()
        for query in ["INV-2023-4711", "4711", "invoice 4711"] {
            let found = try folio.run("folioq", ["--format", "paths", "--limit", "3", query])
            #expect(found.output.split(separator: "\n").first == "\(folio.home)/Documents/invoices/invoice-4711.txt", "\(query) → \(found.output)")
        }
        for (index, word) in words.enumerated() {
            let found = try folio.run("folioq", ["--format", "paths", "--limit", "3", word])
            #expect(found.output.split(separator: "\n").first == "\(folio.home)/Documents/notes/note-\(index).txt", "\(word) → \(found.output)")
        }
        let nowhere = try folio.run("folioq", ["zzqxjw"])
        #expect(nowhere.status == 1 && nowhere.output == "" && nowhere.error == "", "\(nowhere.output) \(nowhere.error)")
        let nowhereJSON = try folio.run("folioq", ["--json", "zzqxjw"])
        #expect(nowhereJSON.status == 1 && nowhereJSON.output.contains("\"unmatched_words\":[\"zzqxjw\"]"), "\(nowhereJSON.output)")
        let name = try folio.run("folioq", ["--json", "Kowalczyk boiler"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(name.output.utf8)) as? [String: Any])
        #expect(document["unmatched_words"] as? [String] == ["Kowalczyk"] && document["words_matched"] as? Bool == true)
        let first = try #require((document["results"] as? [[String: Any]])?.first)
        #expect((first["path"] as? String)?.contains("/invoices/") == true && first["found_by"] as? String != "meaning")
        let shown = try folio.run("folioq", ["--limit", "2", "Kowalczyk boiler"])
        #expect(shown.output.hasPrefix("No document has “Kowalczyk”;"), "\(shown.output)")

        // Ask's passages come from the same search: a question naming the invoice or the
        // person puts that file's passage first in the prompt.
        let server = try AskTests.ChatServer(log: folio.home + "/chat-requests.log")
        try folio.write("config/folio/config.toml", "[ask]\nprovider = \"ollama\"\nurl = \"http://127.0.0.1:\(server.port)\"\nmodel = \"m\"\n")
        for (question, file) in [("How much is due on invoice INV-2023-4711?", "invoice-4711.txt"),
                                 ("What service did Bartholomew Quist order?", "invoice-4733.txt")] {
            let asked = try folio.run("folioq", ["--ask", "--json", question])
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as? [String: Any], "\(asked.error)")
            let passages = try #require(answer["passages"] as? [[String: Any]])
            #expect(passages.first?["path"] as? String == "\(folio.home)/Documents/invoices/\(file)", "\(question) → \(passages.prefix(3).map { $0["path"] ?? "" })")
        }
    }

    @Test func withoutTheModel_wordsStillWork_andStatusSaysWhy() throws {
        let folio = try Binaries()
        try folio.write("Documents/note.txt", "quokkas on Rottnest Island")
        let index = try folio.run("folioctl", ["index", folio.home + "/Documents"])
        #expect(index.status == 0)
        #expect(index.output.contains("semantic: off: the embedding model all-MiniLM-L6-v2 (model.onnx and tokenizer.json) is not installed"), "\(index.output)")
        #expect(try folio.run("folioq", ["--format", "paths", "quokkas"]).output == folio.home + "/Documents/note.txt\n")
        let status = try folio.run("folioctl", ["status"])
        #expect(status.output.contains("semantic: off: the embedding model all-MiniLM-L6-v2"), "\(status.output)")
        #expect(status.output.components(separatedBy: "semantic:").count == 2, "one line says why")
        let skipped = try folio.withSemanticSearch().run("folioctl", ["index", "--no-semantic", folio.home + "/Documents"])
        #expect(!skipped.output.contains("semantic"))
    }

    /// Another model re-embeds every window; the old model's vectors are removed once the
    /// new ones are complete.
    @Test func aModelChange_reembedsEverything() throws {
        var folio = try Binaries().withSemanticSearch()
        for item in Self.paraphrases.prefix(2) { try folio.write("Documents/" + item.file, item.text) }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).output.contains("2 embedded"))
        let copy = folio.home + "/models/minilm-copy"
        try FileManager.default.createDirectory(atPath: folio.home + "/models", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/local/share/folio/models/all-MiniLM-L6-v2", toPath: copy)
        try folio.write("config/folio/config.toml", "[embeddings]\nmodel = \"~/models/minilm-copy\"\n")
        folio.environment["XDG_DATA_DIRS"] = "/usr/local/share"
        let again = try folio.run("folioctl", ["index", folio.home + "/Documents"])
        #expect(again.output.contains("semantic: local:~/models/minilm-copy, 2 windows, 2 embedded"), "\(again.output)")
        let models = try SQLiteDatabase(path: folio.databasePath, access: .readOnly, busyTimeoutMilliseconds: 1000)
            .read { try $0.values(as: String.self, "SELECT name FROM embedding_model") }
        #expect(models == ["~/models/minilm-copy"])
        try folio.startEmbedder()
        #expect(try folio.run("folioq", ["--mode", "semantic", "--limit", "1", "--format", "paths", Self.paraphrases[1].question]).output
            == folio.home + "/Documents/" + Self.paraphrases[1].file + "\n")
    }
}

/// foliod's embedder process: started when indexing settles, answering queries, surviving
/// a kill -9 mid-way.
@Suite struct EmbedderProcessTests {
    @Test func daemon_embedsInTheBackground_andACrashLosesNothing() throws {
        let folio = try Binaries().withSemanticSearch()
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\n")
        // Enough windows (150 chunks of three) that the embedder is still at work when killed.
        var random = UInt64(7)
        let vocabulary = ["river", "engine", "garden", "violin", "harbour", "planet", "ledger", "forest", "kettle", "lantern", "meadow", "orbit"]
        for file in 0..<150 {
            let words = (0..<480).map { _ -> String in
                random = random &* 6364136223846793005 &+ 1442695040888963407
                return vocabulary[Int(random >> 33) % vocabulary.count]
            }
            try folio.write("Documents/file\(file).txt", "document\(file) " + words.joined(separator: " "))
        }
        try folio.write("Documents/invoice.txt", SemanticTests.paraphrases[0].text)
        let daemon = try folio.spawn("foliod", [])
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        func semantic() throws -> [String: Any]? {
            try folio.statusReport()?["semantic"] as? [String: Any]
        }
        func embedded() throws -> (done: Int, pid: Int32?) {
            let report = try semantic()
            let progress = (report?["progress"] as? [String: Any])?["coverage"] as? [String: Any]
            let pid = (report?["embedder"] as? [String: Any])?["pid"] as? Int
            return (progress?["embedded"] as? Int ?? 0, pid.map(Int32.init))
        }
        var victim: Int32?
        try wait("the embedder is at work") {
            let state = try embedded()
            victim = state.pid
            return state.done > 0 && state.pid != nil
        }
        kill(try #require(victim), SIGKILL)
        // The embedder runs at nice 19: on a busy machine it may take many minutes, so the
        // test waits as long as the vectors keep coming, and fails only when none has come
        // for a long while.
        try waitWhileProgressing("every window has a vector") {
            let report = try semantic()
            let progress = report?["progress"] as? [String: Any]
            let coverage = progress?["coverage"] as? [String: Any]
            guard let windows = coverage?["windows"] as? Int, let done = coverage?["embedded"] as? Int else { return (false, 0) }
            return (windows > 400 && done == windows && (coverage?["chunks_without_windows"] as? Int) == 0, done)
        }
        let counts = try SQLiteDatabase(path: folio.databasePath, access: .readOnly, busyTimeoutMilliseconds: 1000).read { db in
            (try db.value(as: Int.self, "SELECT count(*) FROM vector") ?? 0,
             try db.value(as: Int.self, "SELECT count(DISTINCT key) FROM chunk_window") ?? 0)
        }
        #expect(counts.0 == counts.1)
        let after = try embedded()
        #expect(after.pid != nil && after.pid != victim, "a new embedder answers")
        let found = try folio.run("folioq", ["--limit", "1", "--format", "paths", SemanticTests.paraphrases[0].question])
        #expect(found.output == folio.home + "/Documents/invoice.txt\n")
        let status = try folio.run("folioctl", ["status"]).output
        #expect(status.contains("semantic: complete") && status.contains("embedder: pid"), "\(status)")
        // Another index, searched while this embedder runs, is answered from its own vectors.
        let recipe = SemanticTests.paraphrases[2]
        try folio.write("Other/" + recipe.file, recipe.text)
        let other = folio.home + "/other.sqlite"
        let indexed = try folio.run("folioctl", ["index", "--db", other, folio.home + "/Other"])
        #expect(indexed.status == 0, "\(indexed.output) \(indexed.error)")
        let elsewhere = try folio.run("folioq", ["--db", other, "--mode", "semantic", "--limit", "1", "--format", "paths", recipe.question])
        #expect(elsewhere.output == folio.home + "/Other/" + recipe.file + "\n", "\(elsewhere.output) \(elsewhere.error)")
    }

    /// An embedder paused since its start (as foliod starts one while it indexes) has not
    /// counted the vectors itself: status says how far the index's are, not "no vectors
    /// yet" (`folio ui`'s Library shows the same report).
    @Test func aPausedEmbedder_statusSaysHowFarTheVectorsAre() throws {
        let folio = try Binaries().withSemanticSearch()
        for item in SemanticTests.paraphrases { try folio.write("Documents/" + item.file, item.text) }
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        let embedder = Process()
        embedder.executableURL = URL(fileURLWithPath: Binaries.directory + "/foliod-worker")
        embedder.arguments = ["--embedder", "--paused"]
        embedder.environment = folio.environment
        embedder.standardInput = FileHandle.nullDevice
        embedder.standardOutput = FileHandle.nullDevice
        embedder.standardError = FileHandle.nullDevice
        try embedder.run()
        defer {
            embedder.terminate()
            embedder.waitUntilExit()
        }
        try waitUntil("the embedder answers") { try folio.run("folioctl", ["status"]).output.contains("embedder: pid") }
        let status = try folio.run("folioctl", ["status"]).output
        #expect(status.contains("semantic: complete") && status.contains("paused while foliod indexes"), "\(status)")
        let report = try #require(try folio.statusReport()?["semantic"] as? [String: Any])
        #expect(((report["progress"] as? [String: Any])?["coverage"] as? [String: Any])?["embedded"] as? Int == 6, "\(report)")
    }

    /// No cold model per search: with no embedder running, the first search by meaning
    /// starts one and is answered by words, saying so; the next ones are answered by
    /// meaning. foliod's own embedder takes over from it, and foliod starts its embedder
    /// again when a search asks. An embedder that cannot load its model is said, and not
    /// started search after search.
    @Test func aSearchWithoutEmbedder_startsOne_andFoliodTakesOver() throws {
        let folio = try Binaries().withSemanticSearch()
        let item = SemanticTests.paraphrases[0]
        let found = folio.home + "/Documents/" + item.file + "\n"
        try folio.write("Documents/" + item.file, item.text)
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\n")
        #expect(try folio.run("folioctl", ["index", folio.home + "/Documents"]).status == 0)
        func search() throws -> Binaries.Result {
            try folio.run("folioq", ["--mode", "semantic", "--limit", "1", "--format", "paths", item.question])
        }
        let byWords = try search()
        #expect(byWords.status == 1 && byWords.output == "", "\(byWords.output)")
        #expect(byWords.error == "folioq: searching by words only: the embedding model is loading (its embedder started now); the next searches use meaning\n",
                "\(byWords.error)")
        try waitUntil("the embedder answers") { try folio.run("folioctl", ["status"]).output.contains("embedder: pid") }
        let standalone = try #require(folio.embedderPid)
        let byMeaning = try search()
        #expect(byMeaning.output == found && byMeaning.error == "", "\(byMeaning.output) \(byMeaning.error)")

        let daemon = try folio.spawn("foliod", [])
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        func daemonsEmbedder() throws -> Int32? {
            ((try folio.statusReport()?["daemon"] as? [String: Any])?["embedder_pid"] as? Int).map(Int32.init)
        }
        func answering() throws -> Int32? {
            let semantic = try folio.statusReport()?["semantic"] as? [String: Any]
            return ((semantic?["embedder"] as? [String: Any])?["pid"] as? Int).map(Int32.init)
        }
        try waitUntil("foliod's embedder took over") {
            let pid = try daemonsEmbedder()
            return try pid != nil && answering() == pid && !Self.isRunning(standalone)
        }
        #expect(try search().output == found)
        // Ended (as after its idle minutes): the next search asks foliod to start it again.
        kill(try #require(folio.embedderPid), SIGTERM)
        try waitUntil("foliod saw its embedder end") { try daemonsEmbedder() == nil }
        let restarted = try search()
        #expect(restarted.error == "folioq: searching by words only: the embedding model is loading (foliod started its embedder); the next searches use meaning\n",
                "\(restarted.error)")
        try waitUntil("foliod's embedder answers") { try answering() != nil }
        #expect(try search().output == found)
        daemon.terminate()
        daemon.waitUntilExit()

        // A model that cannot be loaded: said by the search after the one that started it.
        try folio.write("models/broken/model.onnx", "not a model")
        try folio.write("models/broken/tokenizer.json", "{}")
        try folio.write("config/folio/config.toml", "[embeddings]\nmodel = \"~/models/broken\"\n")
        try waitUntil("foliod's embedder ended with foliod") { folio.embedderPid == nil }
        #expect(try search().error.contains("its embedder started now"))
        let log = folio.home + "/run/folio/embedder.log"
        try waitUntil("the embedder failed") { try folio.embedderPid == nil && !String(contentsOfFile: log, encoding: .utf8).isEmpty }
        let failed = try search()
        #expect(failed.error.hasPrefix("folioq: searching by words only: the embedder failed at its start: foliod-worker --embedder: "), "\(failed.error)")
        #expect(folio.embedderPid == nil, "not started again")
    }

    /// Whether a process runs (a zombie does not).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z"
    }

    /// A folder of look-alike notes, each with a word of its own, changed while foliod
    /// embeds it (notes rewritten with new words, removed, added, renamed): each note's word
    /// finds that note first, while some notes have no vectors yet and once all have.
    @Test func aChurnedFolder_findsEachNoteByItsOwnWord() throws {
        let folio = try Binaries().withSemanticSearch()
        try folio.write("config/folio/config.toml", "debounce_ms = 50\nmax_delay_ms = 2000\n")
        let syllables = ["ka", "zu", "mo", "ri", "te", "vo", "lu", "qi", "be", "sa", "no", "fe"]
        func word(_ number: Int) -> String {
            "x" + syllables[number % 12] + syllables[(number / 12) % 12] + syllables[(number / 144) % 12] + "th"
        }
        func note(_ number: Int) -> String {
            "Weekly note: we met the team, reviewed the garden plans and the budget, and spoke of \(word(number)) before lunch."
        }
        var words: [String: String] = [:]
        for number in 0..<150 {
            try folio.write("Documents/note\(number).txt", note(number))
            words["note\(number).txt"] = word(number)
        }
        let daemon = try folio.spawn("foliod", [])
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        func sources() throws -> [String] {
            try folio.run("folioctl", ["sources"]).output.split(separator: "\n").filter { !$0.hasPrefix("\t") }
                .map { String($0.split(separator: "/").last!) }.sorted()
        }
        try waitUntil("every note is indexed") { try sources().count == 150 }
        let documents = folio.home + "/Documents/"
        for number in 0..<20 {
            try folio.write("Documents/note\(number).txt", note(1000 + number))
            words["note\(number).txt"] = word(1000 + number)
        }
        for number in 20..<40 {
            try FileManager.default.removeItem(atPath: documents + "note\(number).txt")
            words["note\(number).txt"] = nil
        }
        for number in 150..<170 {
            try folio.write("Documents/note\(number).txt", note(number))
            words["note\(number).txt"] = word(number)
        }
        for number in 40..<50 {
            try FileManager.default.moveItem(atPath: documents + "note\(number).txt", toPath: documents + "moved\(number).txt")
            words["moved\(number).txt"] = words.removeValue(forKey: "note\(number).txt")
        }
        func missed() throws -> [String] {
            try words.sorted { $0.key < $1.key }.compactMap { file, word in
                let first = try folio.run("folioq", ["--limit", "1", "--format", "paths", word]).output
                return first == documents + file + "\n" ? nil : "\(word) → \(first)"
            }
        }
        try waitUntil("the index holds the notes on disk") {
            try sources() == words.keys.sorted() && folio.run("folioq", ["--limit", "1", "--format", "paths", word(1019)]).output != ""
        }
        #expect(try missed() == [], "while embedding")
        try wait("every note has a vector") {
            try folio.run("folioctl", ["status"]).output.contains("semantic: complete")
        }
        #expect(try missed() == [], "once every note has vectors")
    }

    private func wait(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.3)
        }
        Issue.record("timed out waiting until \(what)")
    }
}

extension Binaries {
    /// Starts the embedder as a user's first search by meaning does (answered by words,
    /// saying so), and waits until it answers.
    func startEmbedder() throws {
        let first = try run("folioq", ["--mode", "semantic", "--format", "paths", "what is in my documents"])
        #expect(first.error.contains("the embedding model is loading (its embedder started now)"), "\(first.error)")
        try waitUntil("the embedder answers") { try run("folioctl", ["status"]).output.contains("embedder: pid") }
    }
}
