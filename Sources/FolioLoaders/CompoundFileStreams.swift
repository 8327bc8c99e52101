/// The streams of an OLE2 compound file (the container of Office 97–2003 files), read by
/// their names: the header's sector size, the allocation table (its sectors listed in the
/// header and in the DIFAT chain), the directory, and the mini stream that holds the
/// streams under 4,096 bytes.
///
/// Every chain is followed at most as many sectors as the file has and every offset is
/// checked against the file's bytes, so a truncated or looping file is refused with what
/// was wrong, never read past its end or for ever.
///
/// Related documentation: [MS-CFB] Compound File Binary File Format, §2.2–2.6.
struct CompoundFileStreams {
    /// What was wrong with the container, for the file's error.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private let bytes: [UInt8]
    private let sectorSize: Int
    private let miniSectorSize: Int
    private let miniStreamCutoff: Int
    private let allocation: [UInt32]
    private let miniAllocation: [UInt32]
    private let miniStream: [UInt8]
    /// Each stream's name, first sector and size, from the directory.
    private let entries: [(name: String, start: UInt32, size: Int)]

    private static let endOfChain: UInt32 = 0xFFFF_FFFE
    private static let lastRegularSector: UInt32 = 0xFFFF_FFFA
    private static let magic: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 512, bytes.starts(with: Self.magic) else { throw Failure(description: "not a compound file, or cut short in its header") }
        self.bytes = bytes
        let sectorShift = Int(Self.uint16(bytes, 0x1E))
        let miniShift = Int(Self.uint16(bytes, 0x20))
        guard sectorShift == 9 || sectorShift == 12, miniShift == 6 else {
            throw Failure(description: "its header gives sectors of 2^\(sectorShift) bytes, which no compound file has")
        }
        let sectorSize = 1 << sectorShift
        self.sectorSize = sectorSize
        miniSectorSize = 1 << miniShift
        miniStreamCutoff = Int(Self.uint32(bytes, 0x38))

        // The allocation table's sectors: 109 in the header, the rest in the DIFAT chain.
        var tableSectors: [UInt32] = (0 ..< 109).map { Self.uint32(bytes, 0x4C + 4 * $0) }
        var difat = Self.uint32(bytes, 0x44)
        let perDifatSector = sectorSize / 4 - 1
        var difatRead = 0
        let sectorCount = (bytes.count + sectorSize - 1) / sectorSize
        while difat <= Self.lastRegularSector {
            difatRead += 1
            guard difatRead <= sectorCount, let offset = Self.offset(of: difat, sectorSize: sectorSize, in: bytes) else {
                throw Failure(description: "its list of allocation sectors loops or points past the file's end")
            }
            tableSectors += (0 ..< perDifatSector).map { Self.uint32(bytes, offset + 4 * $0) }
            difat = Self.uint32(bytes, offset + 4 * perDifatSector)
        }
        // The table needs no more entries than the file has sectors, whatever the header says.
        var allocation: [UInt32] = []
        for sector in tableSectors.prefix(Int(Self.uint32(bytes, 0x2C))) where sector <= Self.lastRegularSector && allocation.count < sectorCount {
            guard let offset = Self.offset(of: sector, sectorSize: sectorSize, in: bytes) else {
                throw Failure(description: "an allocation sector lies past the file's end")
            }
            allocation += (0 ..< sectorSize / 4).map { Self.uint32(bytes, offset + 4 * $0) }
        }
        self.allocation = allocation

        let directory = try Self.chain(from: Self.uint32(bytes, 0x30), size: nil, table: allocation, limit: sectorCount) { sector throws(Failure) in
            try Self.sector(sector, size: sectorSize, in: bytes)
        }
        var entries: [(name: String, start: UInt32, size: Int)] = []
        var root: (start: UInt32, size: Int)?
        for base in stride(from: 0, to: directory.count - 127, by: 128) {
            let nameBytes = Int(Self.uint16(directory, base + 0x40))
            let type = directory[base + 0x42]
            guard nameBytes >= 2, nameBytes <= 64, type == 2 || type == 5 else { continue }
            let name = TextDecoding.utf16(directory[base ..< base + nameBytes - 2], bigEndian: false)
            let size = Int(truncatingIfNeeded: Self.uint32(directory, base + 0x78))
            let start = Self.uint32(directory, base + 0x74)
            if type == 5 { root = (start, size) } else { entries.append((name, start, size)) }
        }
        self.entries = entries

        let miniTableStart = Self.uint32(bytes, 0x3C)
        let miniTable = miniTableStart > Self.lastRegularSector ? [] : try Self.chain(from: miniTableStart, size: nil, table: allocation, limit: sectorCount) {
            sector throws(Failure) in try Self.sector(sector, size: sectorSize, in: bytes)
        }
        miniAllocation = stride(from: 0, to: miniTable.count - 3, by: 4).map { Self.uint32(miniTable, $0) }
        if let root, root.start <= Self.lastRegularSector {
            miniStream = try Self.chain(from: root.start, size: root.size, table: allocation, limit: sectorCount) { sector throws(Failure) in
                try Self.sector(sector, size: sectorSize, in: bytes)
            }
        } else {
            miniStream = []
        }
    }

    /// The bytes of the stream named `name` (a stream at any depth of the directory), or
    /// `nil` when there is none.
    func stream(named name: String) throws(Failure) -> [UInt8]? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        guard entry.size > 0 else { return [] }
        guard entry.size <= bytes.count else { throw Failure(description: "its stream \(name) says it holds more bytes than the file") }
        if entry.size < miniStreamCutoff {
            let mini = miniStream, size = miniSectorSize
            return try Self.chain(from: entry.start, size: entry.size, table: miniAllocation, limit: mini.count / size) { sector throws(Failure) in
                let start = Int(sector) * size
                guard start + size <= mini.count else { throw Failure(description: "its stream \(name) lies past the end of the mini stream") }
                return mini[start ..< start + size]
            }
        }
        let bytes = bytes, size = sectorSize
        return try Self.chain(from: entry.start, size: entry.size, table: allocation, limit: bytes.count / size) { sector throws(Failure) in
            try Self.sector(sector, size: size, in: bytes)
        }
    }

    /// The sectors of a chain joined, cut to `size` when it is known: at most `limit` of
    /// them (as many as there are to read), so a chain that loops ends.
    private static func chain(from start: UInt32, size: Int?, table: [UInt32], limit: Int,
                              read: (UInt32) throws(Failure) -> ArraySlice<UInt8>) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        if let size { result.reserveCapacity(min(size, 1 << 24)) }
        var sector = start
        var steps = 0
        while sector != endOfChain, size.map({ result.count < $0 }) ?? true {
            guard sector <= lastRegularSector, Int(sector) < table.count, steps < limit else {
                throw Failure(description: "a chain of sectors loops, or ends before its stream does")
            }
            result += try read(sector)
            sector = table[Int(sector)]
            steps += 1
        }
        if let size {
            guard result.count >= size else { throw Failure(description: "a stream is cut short") }
            result.removeLast(result.count - size)
        }
        return result
    }

    private static func sector(_ sector: UInt32, size: Int, in bytes: [UInt8]) throws(Failure) -> ArraySlice<UInt8> {
        guard let offset = offset(of: sector, sectorSize: size, in: bytes) else { throw Failure(description: "a sector lies past the file's end") }
        return bytes[offset ..< offset + size]
    }

    /// Where a sector begins: the header takes the first sector's room.
    private static func offset(of sector: UInt32, sectorSize: Int, in bytes: [UInt8]) -> Int? {
        let offset = (Int(sector) + 1) * sectorSize
        return offset + sectorSize <= bytes.count ? offset : nil
    }

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
