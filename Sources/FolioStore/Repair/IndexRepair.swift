internal import FolioSQLite
internal import FolioSystem
internal import Glibc

/// Heals a damaged index: moves the damaged file aside (one kept, named with its date, for
/// a bug report), starts a new index at its path, and salvages from the damaged file what
/// still reads: the recognised text (`ocr_cache`, keyed by content) and the vectors
/// (keyed by window text), so that the pages and passages whose rows survived are neither
/// recognised nor embedded again when the folders are indexed anew. Everything else in
/// the index is derived from the files, and is made again from them.
///
/// Debian 12's SQLite (3.40) has no recovery API: the salvage reads through SQLite range by
/// range and skips a range that does not read, then reads the file's pages directly
/// (`RawPageReader`) for the rows SQLite cannot reach, under a damaged interior page or
/// behind a damaged header; one bad page costs the rows on it, not the rest.
public enum IndexRepair {
    /// What a rebuild did, kept beside the new index (`folio.sqlite.rebuilt`) for
    /// `folioctl status`.
    public struct Report: Sendable, Equatable, Encodable {
        /// When the damage was found, unix seconds.
        public var foundAt: Int64
        /// What showed it (the SQLite message and the operation).
        public var reason: String
        /// Where the damaged file was moved (`nil`: there was nothing to keep, as with a
        /// file of zero length).
        public var keptAt: String?
        /// Recognised pages salvaged.
        public var ocrPages: Int
        /// Vectors salvaged.
        public var vectors: Int
        /// Ranges of rows that did not read, and were skipped.
        public var unreadableRanges: Int
        /// How many documents the damaged index held, when that still read: how far the
        /// new one has come back is told against it.
        public var documentsBefore: Int?
    }

    /// The index at `path`, rebuilt first when it is noted damaged (`DamageMarker`) or shows
    /// damage as it opens; `rebuilt` says what the rebuild kept. For the writer that may
    /// rebuild: foliod, or `folioctl index` when no foliod runs.
    public static func openRebuildingIfDamaged(path: String, busyTimeoutSeconds: Int, now: Int64) throws(StoreError) -> (store: IndexStore, rebuilt: Report?) {
        var reason = DamageMarker.found(path: path)?.reason
        if reason == nil {
            do {
                return (try IndexStore(path: path, busyTimeoutSeconds: busyTimeoutSeconds), nil)
            } catch .damaged(_, let operation, let message) {
                reason = "\(operation): \(message)"
            }
        }
        let report = try rebuild(path: path, reason: reason ?? "", now: now)
        return (try IndexStore(path: path, busyTimeoutSeconds: busyTimeoutSeconds), report)
    }

    /// Rebuilds the index at `path` (which must not be open in this process) and returns
    /// what was salvaged. A rebuild cut short (`DamageMarker.Note.keptCopy`) starts again
    /// from the copy it kept; the note is removed once the new index holds what was saved.
    public static func rebuild(path: String, reason: String, now: Int64) throws(StoreError) -> Report {
        let kept: String?
        if let earlier = DamageMarker.found(path: path)?.keptCopy, access(earlier, F_OK) == 0 {
            for file in [path, path + "-wal", path + "-shm"] { unlink(file) }
            kept = earlier
        } else {
            kept = try moveAside(path, now: now, reason: reason)
        }
        let store = try IndexStore(path: path)
        var report = Report(foundAt: now, reason: reason, keptAt: kept, ocrPages: 0, vectors: 0, unreadableRanges: 0)
        if let kept {
            var modelIDs: [Int64: Int64] = [:]
            if let damaged = try? SQLiteDatabase(path: kept, access: .readOnly, busyTimeoutMilliseconds: 1000) {
                report.documentsBefore = try? damaged.read { db in try db.row("SELECT count(*) FROM document")?.first(as: Int.self) ?? 0 }
                try salvageOCR(from: damaged, into: store, report: &report)
                modelIDs = try salvageVectors(from: damaged, into: store, report: &report)
            }
            try salvagePages(of: kept, modelIDs: modelIDs, into: store, report: &report)
        }
        try write(report, beside: path)
        DamageMarker.clear(path: path)
        return report
    }

    /// The last rebuild of the index at `path`, if it was rebuilt.
    public static func lastReport(path: String) -> Report? {
        guard let bytes = try? FileReader.readAll(reportPath(path), limit: 65_536) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 7, let foundAt = Int64(fields[0]), let ocrPages = Int(fields[2]), let vectors = Int(fields[3]),
              let unreadable = Int(fields[4]) else { return nil }
        return Report(foundAt: foundAt, reason: String(fields[6].prefix { $0 != "\n" }), keptAt: fields[1].isEmpty ? nil : fields[1],
                      ocrPages: ocrPages, vectors: vectors, unreadableRanges: unreadable, documentsBefore: Int(fields[5]))
    }

    static func reportPath(_ path: String) -> String { path + ".rebuilt" }

    /// Renames the damaged file (and its WAL) to `PATH.damaged-YYYYMMDD-HHMMSS`, removing a
    /// copy kept by an earlier rebuild: one is kept. The note names the copy before the
    /// file is renamed, so that a rebuild killed at any point finds it. `nil` when there is
    /// nothing worth keeping (no file, or an empty one).
    private static func moveAside(_ path: String, now: Int64, reason: String) throws(StoreError) -> String? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let name = String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
        for entry in (try? Directory.entries(of: folder.isEmpty ? "." : folder)) ?? [] {
            if let earlier = entry.name, earlier.hasPrefix(name + ".damaged-") { unlink(folder + "/" + earlier) }
        }
        var status = stat()
        let worthKeeping = stat(path, &status) == 0 && status.st_size > 0
        unlink(path + "-shm")
        guard worthKeeping else {
            try note(.init(reason: reason, keptCopy: nil), path: path)
            unlink(path)
            unlink(path + "-wal")
            return nil
        }
        var time = time_t(now)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let stamp = "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
        let kept = path + ".damaged-" + stamp
        try note(.init(reason: reason, keptCopy: kept), path: path)
        guard rename(path, kept) == 0 else {
            throw .cannotPrepare(path: path, reason: "could not move the damaged index aside to \(kept): \(String(cString: strerror(errno)))")
        }
        if rename(path + "-wal", kept + "-wal") != 0 { unlink(path + "-wal") }
        return kept
    }

    /// Notes the rebuild before anything is moved: unnoted, a rebuild cut short would not
    /// find the copy it kept. On a full disk nothing is moved, and the rebuild is tried
    /// again once there is space (foliod waits for it).
    private static func note(_ note: DamageMarker.Note, path: String) throws(StoreError) {
        do {
            try DamageMarker.write(note, path: path)
        } catch {
            if error.isNoSpace { throw .diskFull(path: path, operation: "note the damage before the rebuild") }
            throw .cannotPrepare(path: DamageMarker.file(path), reason: error.reason)
        }
    }

    /// The OCR cache is keyed by content hash (32 hex digits): read by the first two digits,
    /// 256 ranges.
    private static func salvageOCR(from damaged: SQLiteDatabase, into store: IndexStore, report: inout Report) throws(StoreError) {
        let digits = Array("0123456789abcdef")
        let bounds = digits.flatMap { high in digits.map { low in String([high, low]) } } + ["g"]
        var ranges = [("", bounds[0])]
        for index in 0..<(bounds.count - 1) { ranges.append((bounds[index], bounds[index + 1])) }
        ranges.append(("g", "\u{10FFFF}"))
        for (low, high) in ranges {
            var rows: [[SQLiteValue]] = []
            do {
                try damaged.read { db in
                    try db.forEachRow("""
                        SELECT content_hash, page, languages, dpi, text, confidence, created_at FROM ocr_cache
                        WHERE content_hash >= ? AND content_hash < ?
                        """, [low, high]) { row in
                        // A damaged page may still parse into values of the wrong kind.
                        if isRecognisedPage(row.values) { rows.append(row.values) }
                    }
                }
            } catch {
                report.unreadableRanges += 1
                continue
            }
            guard !rows.isEmpty else { continue }
            report.ocrPages += try store.write("salvage the OCR cache") { db in
                for row in rows {
                    try db.execute("""
                        INSERT OR IGNORE INTO ocr_cache (content_hash, page, languages, dpi, text, confidence, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, SQLiteArguments(row), cached: true)
                }
                return rows.count
            }
        }
    }

    /// Vectors by id, 512 at a time; a range that does not read is tried row by row.
    /// Returns the damaged file's model ids as the new index's (empty when its
    /// `embedding_model` did not read).
    private static func salvageVectors(from damaged: SQLiteDatabase, into store: IndexStore, report: inout Report) throws(StoreError) -> [Int64: Int64] {
        guard let models = try? damaged.read({ db in
            try db.rows("SELECT id, provider, name FROM embedding_model").compactMap { row -> (Int64, String, String)? in
                guard let id = Int64.from(row.values[0]), let provider = String.from(row.values[1]), let name = String.from(row.values[2]) else { return nil }
                return (id, provider, name)
            }
        }), !models.isEmpty else { return [:] }
        var modelIDs: [Int64: Int64] = [:]
        for (id, provider, name) in models {
            modelIDs[id] = try store.embeddingModel(provider: provider, name: name).id
        }
        guard let bounds = try? damaged.read({ db in try db.row("SELECT min(id), max(id) FROM vector")?.values }), bounds.count == 2,
              let low = Int64.from(bounds[0]), let high = Int64.from(bounds[1]) else { return modelIDs }
        let step: Int64 = 512
        var start = low
        while start <= high {
            let end = min(high, start + step - 1)
            var rows: [(Int64, Int64, Double, [UInt8])] = []
            let query = "SELECT model_id, key, scale, data FROM vector WHERE id BETWEEN ? AND ?"
            func collect(_ from: Int64, _ to: Int64) throws {
                try damaged.read { db in
                    try db.forEachRow(query, [from, to]) { row in
                        guard row.values.count == 4, let model = Int64.from(row.values[0]), let key = Int64.from(row.values[1]),
                              let scale = Double.from(row.values[2]), case let .blob(data) = row.values[3] else { return }
                        rows.append((model, key, scale, data))
                    }
                }
            }
            do {
                try collect(start, end)
            } catch {
                rows = []
                report.unreadableRanges += 1
                for id in start...end {
                    let before = rows.count
                    do { try collect(id, id) } catch { rows.removeSubrange(before...) }
                }
            }
            let mapped = rows.compactMap { row in modelIDs[row.0].map { ($0, row.1, row.2, row.3) } }
            report.vectors += try store.write("salvage the vectors") { db in
                for (model, key, scale, data) in mapped {
                    try db.execute("INSERT OR IGNORE INTO vector (model_id, key, scale, data) VALUES (?, ?, ?, ?)",
                                   [model, key, scale, data], cached: true)
                    try db.execute("UPDATE embedding_model SET dimension = ? WHERE id = ? AND dimension IS NULL", [data.count, model], cached: true)
                }
                return mapped.count
            }
            start = end + 1
        }
        return modelIDs
    }

    private static func write(_ report: Report, beside path: String) throws(StoreError) {
        let line = "\(report.foundAt)\t\(report.keptAt ?? "")\t\(report.ocrPages)\t\(report.vectors)\t\(report.unreadableRanges)\t"
            + "\(report.documentsBefore.map(String.init) ?? "")\t" + String(report.reason.map { $0 == "\t" || $0 == "\n" ? " " : $0 }) + "\n"
        do {
            try PrivateFile.write(Array(line.utf8), to: reportPath(path))
        } catch {
            if error.isNoSpace { throw .diskFull(path: path, operation: "write the rebuild's report") }
            throw .cannotPrepare(path: reportPath(path), reason: error.reason)
        }
    }
}
