import FolioCore
import FolioLoaders
import Foundation

/// One fuzzer input, and what the targets make of it.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Part of another input, for targets whose first bytes choose what to do.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes as text, invalid UTF-8 repaired as the loaders repair it.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Pages cut at form feeds and lines at newlines, as the PDF loader hands them on.
    public var pages: [Page] {
        text.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated().map { index, page in
            Page(number: index + 1, lines: page.split(separator: "\n", omittingEmptySubsequences: false).map { TextLine(String($0)) })
        }
    }

    /// Loads the bytes as a file of `kind` through the real loader: the loaders read
    /// paths, so the input is written to one scratch file in memory (/dev/shm).
    public func load(with loader: some DocumentLoader) {
        let path = Self.scratch + "." + loader.kind.rawValue
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
        _ = try? loader.load(SourceFile(path: path, maxSize: Int64.max))
    }

    /// Reads the bytes as a mbox mailbox, every message (and its attachments' bytes) to
    /// the end.
    public func readMailbox() {
        let path = Self.scratch + ".mbox"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
        guard let reader = try? MailboxReader(path: path, from: 0, attachmentLimit: Int64(bytes.count)) else { return }
        var last: Int64 = -1
        while let message = try? reader.next() {
            require(message.start > last && message.end >= message.start, "messages out of order: \(message.start)..\(message.end) after \(last)")
            last = message.start
        }
    }

    private static let scratch = "/dev/shm/folio-fuzz-\(getpid())"
}

/// A broken invariant: the fuzzer records the input that caused it.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// The fuzz target's test function, as libFuzzer calls it.
public typealias FuzzTest = @convention(c) (UnsafeRawPointer, Int) -> CInt

/// Runs libFuzzer with `test`, from the executable's entry point. SwiftPM names the entry
/// point of an executable `<module>_main`, so libFuzzer's own `main` cannot be used.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ test: FuzzTest) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, test)
}

/// libFuzzer's driver, linked by `-sanitize=fuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ test: FuzzTest) -> CInt
