internal import FolioProtocol

extension WorkerPool {
    /// OCR takes turns, so that a worker recognising a page (the most a worker holds: the
    /// engine, the page and tesseract's two copies of it) is alone with the daemon, which
    /// keeps the peak under the 150 MB goal (docs/benchmarks.md). A waiting worker gets its
    /// turn once no other worker reads; idle workers are ended meanwhile (`dispatch`). One
    /// engine lives at a time: a worker asking for its document's first page while another
    /// holds one, or while another is given its turn, is told to put its document off, and
    /// does so at once (it answers `putOff`); its file goes back to the queue, and goes
    /// first at the next turn, so that it is not put off again and again.
    mutating func grantTurns(now: Int64) -> [WorkerAction] {
        var actions: [WorkerAction] = []
        if workers.contains(where: \.hadTurn) {
            for index in workers.indices where workers[index].turnAskedAt != nil && !workers[index].hadTurn {
                actions.append(decline(at: index))
            }
        }
        let putOff = putOffPaths
        let order = { (worker: WorkerState) in (putOff.contains(worker.current?.path ?? "") ? 0 : 1, worker.turnAskedAt!) }
        guard !workers.contains(where: \.isReading),
              let index = workers.indices.filter({ workers[$0].turnAskedAt != nil }).min(by: { order(workers[$0]) < order(workers[$1]) })
        else { return actions }
        let asked = workers[index].turnAskedAt!
        workers[index].current?.deadline += now - asked
        workers[index].turnAskedAt = nil
        workers[index].waitedThroughHandOut = false
        workers[index].hadTurn = true
        workers[index].isRecognising = true
        actions.append(.send(workers[index].id, .turn(granted: true)))
        for other in workers.indices where workers[other].turnAskedAt != nil { actions.append(decline(at: other)) }
        return actions
    }

    /// Tells a worker waiting for a turn to put its document off.
    private mutating func decline(at index: Int) -> WorkerAction {
        if let path = workers[index].current?.path { notePutOff(path) }
        workers[index].turnAskedAt = nil
        workers[index].waitedThroughHandOut = false
        return .send(workers[index].id, .turn(granted: false))
    }
}

/// What the pool knows of one worker process.
struct WorkerState: Equatable, Sendable {
    struct File: Equatable, Sendable {
        var path: String
        var size: Int64
        /// When reading it must be done by (monotonic milliseconds).
        var deadline: Int64
    }

    let id: WorkerID
    let startedAt: Int64
    var current: File?
    /// When it asked for an OCR turn it has not had yet.
    var turnAskedAt: Int64?
    /// Whether it has had an OCR turn for the file in hand, and so holds a tesseract engine.
    var hadTurn = false
    /// Recognising a page: its turn, until it says it is done.
    var isRecognising = false
    /// Whether files were handed to other workers since it asked: then they finish those,
    /// and it goes before any more are handed out.
    var waitedThroughHandOut = false

    init(id: WorkerID, startedAt: Int64) {
        self.id = id
        self.startedAt = startedAt
    }

    var isIdle: Bool { current == nil }
    /// Reading its file, not waiting for a turn: recognising, or loading the pages around.
    var isReading: Bool { current != nil && turnAskedAt == nil }

    mutating func finishFile() {
        current = nil
        turnAskedAt = nil
        hadTurn = false
        isRecognising = false
    }
}
