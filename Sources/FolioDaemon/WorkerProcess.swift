internal import FolioProtocol
internal import FolioSystem
internal import Glibc

/// One worker process (`foliod-worker`): requests go to its standard input and its
/// messages come from its standard output, one `WireProtocol` line each. It writes the
/// documents to the database itself; a crash or a hang inside poppler, MuPDF or tesseract
/// costs that process and the one file it had.
final class WorkerProcess {
    let id: WorkerID
    let pid: pid_t
    /// Its standard output: readable when a message (or end of file, at a crash) is there.
    let output: Int32
    private let input: Int32
    private var received = LineBuffer()

    init(id: WorkerID, arguments: [String]) throws(SystemError) {
        let child = try ChildProcess.spawnWithPipes(arguments)
        self.id = id
        pid = child.pid
        input = child.input
        output = child.output
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    }

    /// Sends a request. Throws when the worker is gone (its pipe is closed).
    func send(_ request: WorkerRequest) throws(SystemError) {
        try FileDescriptor.writeAll(WireProtocol.encode(request), to: input)
    }

    /// What the worker said since the last read: its messages, and whether it closed its
    /// output (it ended). A line that is not a message is a `ProtocolError`.
    func read() throws(ProtocolError) -> (messages: [WorkerMessage], ended: Bool) {
        var ended = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Until the pipe is empty for now (an error: EAGAIN), or closed.
        while let count = try? buffer.withUnsafeMutableBytes({ bytes throws(SystemError) in
            try systemCall("read", path: "foliod-worker") { Glibc.read(output, bytes.baseAddress!, bytes.count) }
        }) {
            guard count > 0 else {
                ended = true
                break
            }
            received.append(buffer[0..<count])
        }
        var messages: [WorkerMessage] = []
        while let line = try received.nextLine() { messages.append(try WireProtocol.decode(WorkerMessage.self, from: line)) }
        return (messages, ended)
    }

    /// Ends the worker: `SIGKILL` when it is stuck, else closing its input lets it finish
    /// the file in hand and exit. Waits for it, and returns how it ended.
    @discardableResult
    func stop(kill force: Bool) -> String {
        if force { kill(pid, SIGKILL) }
        close(input)
        let status = (try? ChildProcess.wait(pid, program: "foliod-worker")) ?? 0
        close(output)
        return ChildProcess.describe(exitStatus: status)
    }
}

/// The running worker processes, carrying out the pool's `WorkerAction`s.
final class WorkerProcesses {
    /// What happened to a worker, for the pool.
    enum Report {
        case message(WorkerID, WorkerMessage)
        case failed(WorkerID, reason: String)
        case startFailed(WorkerID, reason: String)
    }

    /// The worker program and its arguments (`foliod-worker --db … --config …`).
    private let arguments: [String]
    private var processes: [WorkerID: WorkerProcess] = [:]

    init(arguments: [String]) {
        self.arguments = arguments
    }

    var outputs: [Int32] { processes.values.map(\.output) }

    /// Carries out an action; what went wrong is reported for the pool.
    func perform(_ action: WorkerAction) -> Report? {
        switch action {
        case let .start(id):
            do {
                processes[id] = try WorkerProcess(id: id, arguments: arguments)
            } catch {
                return .startFailed(id, reason: "cannot start the worker \(arguments.first ?? ""): \(error)")
            }
        case let .send(id, request):
            guard let process = processes[id] else { return .failed(id, reason: "the worker process was gone") }
            do {
                try process.send(request)
            } catch {
                return .failed(id, reason: "the worker process was gone")
            }
        case let .stop(id, kill):
            processes.removeValue(forKey: id)?.stop(kill: kill)
        }
        return nil
    }

    /// Reads the workers whose output is readable. A worker that ended, or said something
    /// that is not the protocol, is stopped and reported as failed.
    func read(_ readable: Set<Int32>) -> [Report] {
        var reports: [Report] = []
        for process in processes.values.sorted(by: { $0.id.value < $1.id.value }) where readable.contains(process.output) {
            do {
                let (messages, ended) = try process.read()
                reports += messages.map { .message(process.id, $0) }
                if ended {
                    processes[process.id] = nil
                    reports.append(.failed(process.id, reason: "extraction \(process.stop(kill: true))"))
                }
            } catch {
                processes[process.id] = nil
                process.stop(kill: true)
                reports.append(.failed(process.id, reason: "the worker said something that is not Folio's protocol: \(error)"))
            }
        }
        return reports
    }

    /// Stops every worker, letting each finish its file.
    func stopAll() {
        for process in processes.values { process.stop(kill: false) }
        processes.removeAll()
    }
}
