internal import FolioCore
internal import FolioStore
internal import FolioSystem
internal import Glibc

extension Daemon {
    /// How many extraction processes may run: `workers`, or one per core.
    var workerLimit: Int {
        max(1, configuration.daemon.workers > 0 ? configuration.daemon.workers : Self.cores)
    }

    /// Read once: glibc reads a file under /sys for it, and `dispatch` runs at every turn
    /// of the loop.
    private static let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    private func spawnWorker() throws(SystemError) -> Worker {
        try Worker(executable: setup.executable, arguments: setup.workerArguments)
    }

    /// Gives queued files to idle workers, starting workers (up to the limit) when there
    /// are more files than idle ones. None while a page is recognised (`grantOCRTurn`), nor
    /// when a worker waiting for its turn has already let the others take a file each; a
    /// file a worker is reading waits for it (`IndexQueue.hasFile`).
    func dispatch() {
        if workers.contains(where: \.isRecognising) { return endIdleWorkers() }
        guard !paused, spaceWait == nil, !queue.isEmpty else { return }
        guard !workers.contains(where: \.waitedThroughHandOut) else { return }
        var held = Set(workers.compactMap { $0.current?.path })
        guard queue.hasFile(for: handOut, excluding: held) else { return }
        let now = Clock.milliseconds()
        // After a failed start, wait a little: the loop comes here many times a second.
        let mayStart = workerStartFailedAt.map { now - $0 > Self.workerRestartPauseMilliseconds } ?? true
        while mayStart, workers.count < workerLimit, queue.count > workers.filter(\.isIdle).count {
            do {
                workers.append(try spawnWorker())
            } catch {
                record(error)
                workerStartFailedAt = now
                break
            }
        }
        lastWork = now
        // From the end: `replace` may remove a worker it cannot restart.
        for index in workers.indices.reversed() where workers[index].isIdle {
            // Asked again for each: the file just handed out may be large.
            guard let file = queue.next(handOut, excluding: held) else { return }
            held.insert(file.path)
            // The time limit is for reading the file: a worker just started gets its
            // start-up time on top.
            let reading = max(now, workers[index].startedAt + Self.workerStartupMilliseconds)
            let deadline = reading + Int64(configuration.daemon.fileTimeoutSeconds) * 1000
            if !workers[index].start(file.path, size: file.size, deadline: deadline) {
                replace(worker: index, failing: file.path, reason: "the worker process was gone")
                continue
            }
            for waiting in workers where waiting.turnAskedAt != nil { waiting.waitedThroughHandOut = true }
        }
    }

    /// What the next file may be: light files only while a worker holds a tesseract
    /// engine; else at most one large file read at a time (`IndexQueue.largeFileBytes`).
    private var handOut: IndexQueue.HandOut {
        if workers.contains(where: \.hadTurn) { return .lightOnly }
        if workerLimit == 1 { return .inOrder }
        return workers.contains { ($0.current?.size ?? 0) >= IndexQueue.largeFileBytes } ? .smallOnly : .largeFirst
    }

    /// OCR takes turns, so that a worker recognising a page (about 90 MiB: the engine, the
    /// page and tesseract's two copies of it) is alone with the daemon, which keeps the
    /// peak under the 150 MB goal (docs/benchmarks.md). A waiting worker gets its turn once
    /// no other worker reads; idle workers are ended meanwhile (`dispatch`). One engine
    /// lives at a time: a worker asking for its document's first page while another holds
    /// one, or while another is given its turn, is told to put its document off, and does
    /// so at once (`Worker.decline`); its file goes back to the queue, and goes first at the
    /// next turn, so that it is not put off again and again.
    func grantOCRTurn() {
        let engineHeld = workers.contains(where: \.hadTurn)
        for index in workers.indices.reversed() where workers[index].turnAskedAt != nil && !workers[index].hadTurn && engineHeld {
            decline(worker: index)
        }
        let order = { (index: Int) in (self.putOff.contains(self.workers[index].current?.path ?? "") ? 0 : 1, self.workers[index].turnAskedAt!) }
        guard !workers.contains(where: \.isReading),
              let index = workers.indices.filter({ workers[$0].turnAskedAt != nil }).min(by: { order($0) < order($1) }) else { return }
        let path = workers[index].current?.path
        if !workers[index].grantTurn(at: Clock.milliseconds()) {
            return replace(worker: index, failing: path, reason: "the worker process was gone")
        }
        for other in workers.indices.reversed() where workers[other].turnAskedAt != nil { decline(worker: other) }
    }

    private func decline(worker index: Int) {
        let path = workers[index].current?.path
        logger.debug("put off while another worker recognises a page", metadata: ["path": "\(path ?? "-")"])
        if let path { putOff.insert(path) }
        if !workers[index].decline() { replace(worker: index, failing: path, reason: "the worker process was gone") }
    }

    /// Ends the idle workers: while a page is recognised nothing is handed out, and an
    /// idle worker still holds 20 to 40 MiB (its libraries, tesseract's among them once
    /// it has read a scan). The next `dispatch` starts workers again (tens of milliseconds).
    private func endIdleWorkers() {
        for worker in workers where worker.isIdle { _ = worker.stop(kill: false) }
        workers.removeAll(where: \.isIdle)
    }

    /// Reads the workers' answers; a worker that died is replaced and its file recorded.
    func collectAnswers(from readable: Set<Int32>) {
        for index in workers.indices.reversed() where readable.contains(workers[index].output) {
            var ended = false
            let current = workers[index].current
            let path = current?.path
            if let answer = workers[index].readAnswer(ended: &ended) {
                completed(answer, file: current.map { ($0.path, $0.size) })
            }
            if ended {
                let status = workers[index].stop(kill: true)
                replace(worker: index, failing: path, reason: "extraction \(ChildProcess.describe(exitStatus: status))")
            }
        }
    }

    /// Ends the workers once nothing has been queued for `idleWorkerMilliseconds`: an
    /// idle daemon then holds none of the readers' memory. The next change starts them
    /// again (tens of milliseconds).
    func retireIdleWorkers(at now: Int64) {
        guard !workers.isEmpty, queue.isEmpty, workers.allSatisfy(\.isIdle), now - lastWork > Self.idleWorkerMilliseconds else { return }
        for worker in workers { _ = worker.stop(kill: false) }
        workers.removeAll()
        logger.debug("workers stopped while idle")
    }

    /// Kills workers past the file time limit; the time spent waiting for an OCR turn does
    /// not count.
    func killOverdueWorkers(at now: Int64) {
        for index in workers.indices.reversed() where workers[index].turnAskedAt == nil {
            guard let current = workers[index].current, now > current.deadline else { continue }
            _ = workers[index].stop(kill: true)
            replace(worker: index, failing: current.path,
                    reason: "extraction took longer than file_timeout_seconds (\(configuration.daemon.fileTimeoutSeconds)) and was stopped")
        }
    }

    private func completed(_ answer: String, file: (path: String, size: Int64)?) {
        let now = Clock.milliseconds()
        if answer == "later" {
            // Put off for another's OCR: back at the front of the queue.
            if let file { queue.addRecent(file.path, size: file.size) }
            return
        }
        if let path = file?.path { putOff.remove(path) }
        if answer.hasPrefix("full\t") {
            // Nothing was written: the file waits at the front of the queue.
            if let file { queue.addRecent(file.path, size: file.size) }
            waitForSpace(String(answer.dropFirst(5)))
            return
        }
        if answer.hasPrefix("busy\t") {
            // Another process held the database too long: the file is read again.
            if let file { queue.addRecent(file.path, size: file.size) }
            lastError = String(answer.dropFirst(5))
            return
        }
        spaceRetryMilliseconds = Self.firstSpaceRetryMilliseconds
        // Renamed or deleted while the worker read it: the rename or purge found no row
        // yet, and the worker has just written one under the old path. Queued again, the
        // path is purged by the worker ("gone").
        if let path = file?.path, answer != "gone", (try? FileStatus.of(path))?.kind != .regular { queue.addRecent(path, size: 0) }
        indexedSinceStart += 1
        completions.append(now)
        completions.removeAll { now - $0 > 60_000 }
        if answer.hasPrefix("error\t") {
            lastError = String(answer.dropFirst(6))
        }
    }

    /// The disk holding the index is full: no file is handed out until `retryAfterFullDisk`.
    /// Retries come 5 s, then 10, 20… up to a minute apart.
    private func waitForSpace(_ message: String) {
        if spaceWait == nil { logger.error("\(message)") }
        lastError = message
        spaceWait = Clock.milliseconds() + spaceRetryMilliseconds
        spaceRetryMilliseconds = min(spaceRetryMilliseconds * 2, Self.lastSpaceRetryMilliseconds)
    }

    /// After waiting for space, tries again; every folder is reconciled, because while the
    /// disk was full the daemon's own writes (purges, renames) may have been refused too.
    /// If the disk is still full, the first write refused starts the next wait.
    func retryAfterFullDisk(at now: Int64) {
        guard let retryAt = spaceWait, now >= retryAt else { return }
        spaceWait = nil
        for folder in folders { startWalk(folder, reconcile: true) }
        if !unsynced.isEmpty { resyncAt = now }
    }

    /// Starts a new worker in place of one that died or was killed, and records the file
    /// it had as failed, so it is not tried again until it changes.
    private func replace(worker index: Int, failing path: String?, reason: String) {
        logger.warning("worker replaced", metadata: ["path": "\(path ?? "-")", "reason": "\(reason)"])
        do {
            workers[index] = try spawnWorker()
        } catch {
            record(error)
            workers.remove(at: index)
        }
        guard let path, let status = try? FileStatus.of(path) else { return }
        let signature = FileSignature(size: status.size, modificationTimeNanoseconds: status.modificationTimeNanoseconds, inode: status.inode)
        recordFailure(path, signature: signature, reason: "\(path): \(reason); it is tried again when it changes")
    }

    /// Records a file Folio reads that could not be indexed, for `folioctl errors`; any
    /// other path (a folder it may not read) is shown as the last error in status only.
    func recordFailure(_ path: String, signature: FileSignature, reason: String) {
        lastError = reason
        guard let kind = DocumentKind(path: path) else { return }
        do {
            try store.recordFailure(path, kind: kind, signature: signature, reason: reason, at: Int64(time(nil)))
        } catch {
            record(error)
        }
    }

    func record(_ error: some Error) {
        if case .diskFull? = error as? StoreError { return waitForSpace("\(error)") }
        lastError = "\(error)"
        logger.error("\(error)")
    }
}
