internal import FolioSystem
internal import Glibc

/// One extraction process: `foliod-worker`, fed one path at a time on its standard input
/// (NUL-terminated, so any file name passes) and answering one line on its standard
/// output when the file is done. It writes the document to the database itself; a crash
/// or a hang inside poppler, MuPDF or tesseract costs that process and that one file.
///
/// Before each page it recognises, the worker says `ocr` and waits for one byte on its
/// standard input: a turn (`grantTurn`), after which it says `ocr done` when the page is
/// read, or `decline`, after which it puts the file off and answers `later`
/// (`Daemon.grantOCRTurn` decides).
final class Worker {
    let process: pid_t
    /// Its standard output: readable when an answer (or end of file, at a crash) is there.
    let output: Int32
    private let input: Int32
    private var received: [UInt8] = []
    /// When the process was started (monotonic milliseconds).
    let startedAt = Clock.milliseconds()
    /// The file in hand, its size, and when it must be done by (monotonic milliseconds).
    private(set) var current: (path: String, size: Int64, deadline: Int64)?
    /// When the worker asked for an OCR turn it has not had yet (monotonic milliseconds).
    private(set) var turnAskedAt: Int64?
    /// Whether it has had an OCR turn for the file in hand, and so holds a tesseract engine.
    private(set) var hadTurn = false
    /// Whether files were handed to other workers since it asked: then they finish those,
    /// and it goes before any more are handed out.
    var waitedThroughHandOut = false

    /// Starts `executable arguments…` with pipes for its standard input and output.
    init(executable: String, arguments: [String]) throws(SystemError) {
        let child = try ChildProcess.spawnWithPipes([executable] + arguments)
        process = child.pid
        input = child.input
        output = child.output
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    var isIdle: Bool { current == nil }
    /// Reading its file, not waiting for a turn: recognising, or loading the pages around.
    var isReading: Bool { current != nil && turnAskedAt == nil }
    /// Recognising a page: its turn, until it says it is done.
    private(set) var isRecognising = false

    /// Hands the worker a file. Returns false when the worker is gone (its pipe is closed).
    func start(_ path: String, size: Int64, deadline: Int64) -> Bool {
        do {
            try FileDescriptor.writeAll(Array(path.utf8) + [0], to: input)
        } catch {
            return false
        }
        current = (path, size, deadline)
        return true
    }

    /// Gives the worker its OCR turn; the time it waited is added to its time limit.
    /// Returns false when the worker is gone.
    func grantTurn(at now: Int64) -> Bool {
        guard let asked = turnAskedAt, let file = current else { return true }
        do {
            try FileDescriptor.writeAll([Self.turn], to: input)
        } catch {
            return false
        }
        current = (file.path, file.size, file.deadline + now - asked)
        turnAskedAt = nil
        waitedThroughHandOut = false
        hadTurn = true
        isRecognising = true
        return true
    }

    /// Tells the worker waiting for a turn to put its document off: it answers `later`.
    /// Returns false when the worker is gone.
    func decline() -> Bool {
        guard turnAskedAt != nil else { return true }
        do {
            try FileDescriptor.writeAll([Self.putOff], to: input)
        } catch {
            return false
        }
        turnAskedAt = nil
        waitedThroughHandOut = false
        return true
    }

    /// The byte that gives a turn (ASCII ACK), and the one that puts the document off (NAK).
    private static let turn: UInt8 = 0x06
    private static let putOff: UInt8 = 0x15

    /// Reads what the worker said. Returns its answer for the file in hand once complete,
    /// or `nil`; `ended` is set when the worker closed its output (it died).
    func readAnswer(ended: inout Bool) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if count > 0 {
                received += buffer[0..<count]
                continue
            }
            if count == 0 { ended = true }
            if count < 0, errno == EINTR { continue }
            break
        }
        while let newline = received.firstIndex(of: 0x0A) {
            let line = String(decoding: received[..<newline], as: UTF8.self)
            received.removeSubrange(...newline)
            switch line {
            case "ocr":
                turnAskedAt = Clock.milliseconds()
                waitedThroughHandOut = false
            case "ocr done":
                isRecognising = false
            default:
                current = nil
                turnAskedAt = nil
                hadTurn = false
                isRecognising = false
                return line
            }
        }
        return nil
    }

    /// Ends the worker: `SIGKILL` when it is stuck, else closing its input lets it finish
    /// the file in hand and exit. Waits for it.
    func stop(kill force: Bool) -> Int32 {
        if force { kill(process, SIGKILL) }
        close(input)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        close(output)
        return status
    }
}
