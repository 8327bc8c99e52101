internal import CZip
internal import FolioCore

/// A zip file (an office document, an e-book) opened through libzip, whose entries are read
/// by name and streamed, never extracted.
///
/// What a hostile archive can cost is bounded by what is inflated, counted as it is read,
/// not by the sizes the archive declares (a zip bomb declares whatever it likes): every
/// entry read from one archive shares one `InflateBudget`.
///
/// Related documentation: <https://libzip.org/documentation/>
final class ZipArchive {
    private let budget: InflateBudget
    private let archive: OpaquePointer

    /// Why an archive could not be read; the loaders turn it into a `LoaderError`.
    enum Failure: Error, Equatable {
        /// An entry could not be inflated: a bad checksum, an unknown compression method,
        /// an encrypted entry, a truncated stream.
        case entry(name: String, reason: String)
        /// The archive inflates to more than the budget allows.
        case inflateLimit(String)
        /// An entry the format requires is not there.
        case missing(String)
    }

    /// Opens the zip `file`, which must be a regular file within its size limit; `kind` is
    /// what the loader expects it to hold, for the error.
    init(file: SourceFile, kind: DocumentKind) throws(LoaderError) {
        let path = file.path
        let size = try file.checkReadable()
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            let reason = String(cString: zip_error_strerror(&error))
            if code == ZIP_ER_OPEN || code == ZIP_ER_READ {
                throw .unreadable(path: path, reason: reason)
            }
            throw .malformed(path: path, kind: kind, reason: "not a readable zip container (\(reason))")
        }
        self.archive = archive
        budget = InflateBudget(fileSize: max(size, 1))
    }

    deinit {
        zip_discard(archive)
    }

    /// The archive's files (not its folders), with the sizes they declare, in its order.
    var files: [(name: String, size: Int64)] {
        (0..<max(0, zip_get_num_entries(archive, 0))).compactMap { index in
            var stat = zip_stat_t()
            guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0, let name = stat.name.map({ String(cString: $0) }),
                  !name.hasSuffix("/") else { return nil }
            return (name, Int64(clamping: stat.size))
        }
    }

    /// Whether an entry of that name exists.
    func contains(_ name: String) -> Bool {
        zip_name_locate(archive, name, 0) >= 0
    }

    /// Opens an entry for reading. Names are matched exactly first, then without regard to
    /// case (writers differ on `[Content_Types].xml`, and a link's target may differ in
    /// case from the entry's name).
    func open(_ name: String) throws(Failure) -> ZipEntryStream {
        var index = zip_name_locate(archive, name, 0)
        if index < 0 { index = zip_name_locate(archive, name, ZIP_FL_NOCASE) }
        guard index >= 0 else { throw .missing(name) }
        guard let file = zip_fopen_index(archive, UInt64(index), 0) else {
            throw .entry(name: name, reason: String(cString: zip_strerror(archive)))
        }
        return ZipEntryStream(name: name, file: file, budget: budget)
    }

    /// An entry's whole content, within the budget.
    func read(_ name: String) throws(Failure) -> [UInt8] {
        let stream = try open(name)
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try stream.read(into: buffer)
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }
}

/// One entry of a `ZipArchive`, inflated as it is read.
final class ZipEntryStream {
    let name: String
    private let file: OpaquePointer
    private let budget: InflateBudget
    /// The first failure, kept for the XML reader, whose callback can only say "error".
    private(set) var failure: ZipArchive.Failure?

    fileprivate init(name: String, file: OpaquePointer, budget: InflateBudget) {
        self.name = name
        self.file = file
        self.budget = budget
    }

    deinit {
        zip_fclose(file)
    }

    /// Inflates up to `buffer.count` bytes into `buffer`; 0 at the end of the entry.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ZipArchive.Failure) -> Int {
        if let failure { throw failure }
        let count = zip_fread(file, buffer.baseAddress!, UInt64(buffer.count))
        do throws(ZipArchive.Failure) {
            guard count >= 0 else { throw .entry(name: name, reason: String(cString: zip_error_strerror(zip_file_get_error(file)))) }
            try budget.spend(Int64(count), entry: name)
        } catch {
            failure = error
            throw error
        }
        return Int(count)
    }
}

/// How many bytes one archive may inflate to, across all the entries read from it: at most
/// `maximumBytes` in all, and, past `ratioFloor`, at most `maximumRatio` times the size
/// of the file. Real documents stay far below both (the benchmark corpus's office files
/// inflate 2 to 12 times; a spreadsheet of repeated values can reach 100); the classic
/// 42 KB bomb inflates to 4.5 PB and stops at the first.
final class InflateBudget {
    static let maximumBytes: Int64 = 512 << 20
    static let maximumRatio: Int64 = 200
    static let ratioFloor: Int64 = 16 << 20

    private let fileSize: Int64
    private var inflated: Int64 = 0

    init(fileSize: Int64) {
        self.fileSize = fileSize
    }

    func spend(_ bytes: Int64, entry: String) throws(ZipArchive.Failure) {
        inflated += bytes
        if inflated > Self.maximumBytes {
            throw .inflateLimit("it inflates to more than \(Self.maximumBytes >> 20) MiB (at \(entry)); a zip bomb or a document too large to read")
        }
        if inflated > Self.ratioFloor, inflated > fileSize * Self.maximumRatio {
            throw .inflateLimit("it inflates to over \(Self.maximumRatio) times its size (at \(entry)); a zip bomb, not read")
        }
    }
}
