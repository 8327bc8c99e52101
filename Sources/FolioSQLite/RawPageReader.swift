internal import Glibc

/// Reads the records of a damaged SQLite file page by page, without SQLite, for what a
/// rebuild salvages (`IndexRepair`): SQLite reaches a leaf page only through its table's
/// root and interior pages, so one damaged interior page hides every row under it, and a
/// damaged header hides the whole file. Each page is read on its own: a page that is a
/// b-tree page holding records (a table's leaf; an index's leaf or interior page, which is
/// where a `WITHOUT ROWID` table keeps its rows) gives its records, anything else is
/// skipped. Which table a record came from is not known here: the caller tells by its
/// shape. A page no longer in use (on the freelist) may still give older records; the
/// caches salvaged are keyed by their content, so an older record is still true. It lives
/// beside the connections: the store asks for records and knows nothing of SQLite's pages.
///
/// Related SQLite documentation: <https://www.sqlite.org/fileformat2.html>
public struct RawPageReader {
    public let pageSize: Int
    private let usable: Int
    private let descriptor: Int32
    private let pageCount: Int

    /// The file's page size from its header, or `assumedPageSize` (the one `IndexStore`
    /// sets) when the header is damaged; `nil` when the file cannot be opened.
    public init?(path: String, assumedPageSize: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let read = pread(descriptor, &header, 100, 0)
        let magic = Array("SQLite format 3\0".utf8)
        var size = assumedPageSize
        var reserved = 0
        if read == 100, Array(header[0..<16]) == magic {
            let stored = Int(header[16]) << 8 | Int(header[17])
            let candidate = stored == 1 ? 65_536 : stored
            if candidate >= 512, candidate <= 65_536, candidate & (candidate - 1) == 0 {
                size = candidate
                reserved = Int(header[20])
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        pageSize = size
        usable = size - reserved
        pageCount = Int(status.st_size) / size
    }

    public func close() {
        Glibc.close(descriptor)
    }

    /// Calls `body` with the values of each record found, page after page, and its rowid
    /// when it is a table's row.
    public func forEachRecord(_ body: ([SQLiteValue], Int64?) throws -> Void) rethrows {
        for number in stride(from: 1, through: pageCount, by: 1) {
            guard let page = self.page(number) else { continue }
            let start = number == 1 ? 100 : 0
            let kind = page[start]
            // 0x0D: a table's leaf; 0x0A and 0x02: an index's leaf and interior page.
            guard kind == 0x0D || kind == 0x0A || kind == 0x02 else { continue }
            let headerSize = kind == 0x02 ? 12 : 8
            let cells = Int(page[start + 3]) << 8 | Int(page[start + 4])
            guard start + headerSize + 2 * cells <= usable else { continue }
            for cell in 0..<cells {
                let pointer = start + headerSize + 2 * cell
                let offset = Int(page[pointer]) << 8 | Int(page[pointer + 1])
                guard offset >= start + headerSize, offset < usable,
                      let (payload, rowid) = payload(in: page, at: offset, kind: kind), let values = Self.record(payload) else { continue }
                try body(values, rowid)
            }
        }
    }

    private func page(_ number: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: pageSize)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, pageSize, off_t(number - 1) * off_t(pageSize)) }
        return read == pageSize ? bytes : nil
    }

    /// A cell's payload, with the overflow pages it continues on, and the rowid of a
    /// table's cell; `nil` when the cell or its chain does not hold together.
    private func payload(in page: [UInt8], at offset: Int, kind: UInt8) -> ([UInt8], Int64?)? {
        var position = offset + (kind == 0x02 ? 4 : 0)
        guard let (length, afterLength) = Self.varint(page, at: position, end: usable), length >= 0,
              length <= Int64(pageCount) * Int64(usable) else { return nil }
        position = afterLength
        var rowid: Int64?
        if kind == 0x0D {
            guard let (id, afterRowid) = Self.varint(page, at: position, end: usable) else { return nil }
            rowid = id
            position = afterRowid
        }
        let total = Int(length)
        let most = kind == 0x0D ? usable - 35 : (usable - 12) * 64 / 255 - 23
        let least = (usable - 12) * 32 / 255 - 23
        var local = total
        if total > most {
            let fitted = least + (total - least) % (usable - 4)
            local = fitted <= most ? fitted : least
        }
        guard position + local <= usable else { return nil }
        var bytes = Array(page[position..<(position + local)])
        guard local < total else { return (bytes, rowid) }
        guard position + local + 4 <= usable else { return nil }
        var next = Self.bigEndian(page, at: position + local, count: 4)
        var visited = 0
        while bytes.count < total {
            visited += 1
            guard next >= 1, next <= pageCount, visited <= pageCount, let overflow = self.page(Int(next)) else { return nil }
            let take = min(usable - 4, total - bytes.count)
            bytes += overflow[4..<(4 + take)]
            next = Self.bigEndian(overflow, at: 0, count: 4)
        }
        return (bytes, rowid)
    }

    /// A record's values; `nil` when its header does not match its length.
    static func record(_ payload: [UInt8]) -> [SQLiteValue]? {
        guard let (headerLength, first) = varint(payload, at: 0, end: payload.count), headerLength >= 1, headerLength <= Int64(payload.count) else { return nil }
        var types: [Int64] = []
        var position = first
        while position < Int(headerLength) {
            guard let (type, next) = varint(payload, at: position, end: Int(headerLength)), type >= 0, type != 10, type != 11 else { return nil }
            types.append(type)
            position = next
        }
        var offset = Int(headerLength)
        var values: [SQLiteValue] = []
        values.reserveCapacity(types.count)
        for type in types {
            let size: Int
            switch type {
            case 0, 8, 9: size = 0
            case 1...4: size = Int(type)
            case 5: size = 6
            case 6, 7: size = 8
            default: size = Int((type - 12) / 2)
            }
            guard offset + size <= payload.count else { return nil }
            switch type {
            case 0: values.append(.null)
            case 8: values.append(.integer(0))
            case 9: values.append(.integer(1))
            case 1...6:
                let raw = bigEndian(payload, at: offset, count: size)
                let shift = UInt64(64 - 8 * size)
                values.append(.integer(Int64(bitPattern: raw << shift) >> Int64(shift)))
            case 7: values.append(.real(Double(bitPattern: bigEndian(payload, at: offset, count: 8))))
            default:
                let bytes = Array(payload[offset..<(offset + size)])
                if type % 2 == 0 {
                    values.append(.blob(bytes))
                } else {
                    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                    values.append(.text(text))
                }
            }
            offset += size
        }
        return offset == payload.count ? values : nil
    }

    /// SQLite's variable-length integer at `position` (1 to 9 bytes), and where the next
    /// field starts.
    static func varint(_ bytes: [UInt8], at position: Int, end: Int) -> (Int64, Int)? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard position + index < min(end, bytes.count) else { return nil }
            let byte = bytes[position + index]
            if index == 8 { return (Int64(bitPattern: value << 8 | UInt64(byte)), position + 9) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return (Int64(bitPattern: value), position + index + 1) }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + count) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
