import Testing
import Foundation
import FolioSystem

/// `FileReader.readAll` and `MappedFile` on real files: whole, past a size `fstat` did not
/// tell, within a limit, and never blocking on what is not a regular file.
@Suite struct FileReaderTests {
    @Test func aFile_isReadWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-read-\(UUID().uuidString)").path
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileReader.readAll(path, limit: 1 << 20) == bytes)
        #expect(throws: FileReader.Failure.tooLarge(size: 200_000)) { try FileReader.readAll(path, limit: 1000) }
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try FileReader.readAll(path, limit: 10).isEmpty)
    }

    @Test func aFileLargerThanItsStatusSays_isReadOnToTheLimit() throws {
        // A file of /proc says 0 bytes and holds more.
        let status = try FileReader.readAll("/proc/self/status", limit: 1 << 20)
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(try FileReader.readAll("/proc/self/status", limit: 10).count == 10)
    }

    @Test func aMappedFile_holdsTheSameBytes_evenOnceRemoved() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-map-\(UUID().uuidString)").path
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let mapped = try MappedFile(path)
        try FileManager.default.removeItem(atPath: path)
        #expect(Array(mapped.bytes) == bytes)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try MappedFile(path).bytes.isEmpty)
        #expect(throws: FileReader.Failure.self) { try MappedFile(path + "-missing") }
    }

    @Test func aFIFO_isNotRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FileReader.Failure.notRegularFile) { try FileReader.readAll(path, limit: 10) }
        #expect(throws: FileReader.Failure.notRegularFile) { try MappedFile(path) }
    }
}
