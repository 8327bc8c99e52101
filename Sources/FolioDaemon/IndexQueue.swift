/// The files waiting for a worker, bounded so memory stays flat whatever the number of
/// files: changes seen by inotify first (someone just saved them), then the walk's finds,
/// smallest first (many small files indexed before one huge one).
///
/// Large files are read one at a time: two workers each reading a large PDF at once were
/// what made the daemon's peak memory (each then held up to 100 MiB). With more than one worker,
/// a large file is handed out as soon as no worker reads one, ahead of the small files,
/// so that large files are read one after another beside the small ones rather than two
/// at a time at the end.
struct IndexQueue {
    /// Files from this size on are large. When this was chosen (MuPDF's budget 64 MiB), every
    /// PDF of the benchmark corpus that made MuPDF hold more than 40 MiB was over 5 MB, and
    /// none under 4 MB held more than 40.
    static let largeFileBytes: Int64 = 4 << 20

    /// What the other workers are reading, which decides whether the next file may be large.
    enum LargeFiles {
        /// A single worker: files in order, whatever their size.
        case inOrder
        /// No other worker reads a large file: the smallest large one comes first.
        case first
        /// Another worker reads a large file: small files only.
        case held
    }

    let capacity: Int
    private var recent: [(path: String, size: Int64)] = []
    private var backlog: [(path: String, size: Int64)] = []
    private var queued: Set<String> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { queued.count }
    var isFull: Bool { backlog.count >= capacity }
    var isEmpty: Bool { queued.isEmpty }

    /// A file that just changed. Always accepted: inotify events are bounded by the kernel.
    mutating func addRecent(_ path: String, size: Int64) {
        if queued.insert(path).inserted {
            recent.append((path, size))
        } else if let index = backlog.firstIndex(where: { $0.path == path }) {
            backlog.remove(at: index)
            recent.append((path, size))
        }
    }

    /// A file found by a walk; the walk pauses while `isFull`.
    mutating func addFound(_ path: String, size: Int64) {
        if queued.insert(path).inserted { backlog.append((path, size)) }
    }

    /// The next file for an idle worker, or `nil` when none may be read now.
    mutating func next(_ large: LargeFiles) -> (path: String, size: Int64)? {
        let file: (path: String, size: Int64)
        if let index = recent.firstIndex(where: { large != .held || $0.size < Self.largeFileBytes }) {
            file = recent.remove(at: index)
        } else if let index = nextFound(large) {
            file = backlog.remove(at: index)
        } else {
            return nil
        }
        queued.remove(file.path)
        return file
    }

    /// The smallest file found, large ones first when `large` is `.first`, none of them
    /// when `.held`.
    private func nextFound(_ large: LargeFiles) -> Int? {
        let isLarge = { (size: Int64) in size >= Self.largeFileBytes }
        return backlog.indices.lazy.filter { large != .held || !isLarge(backlog[$0].size) }.min { a, b in
            let (sizeA, sizeB) = (backlog[a].size, backlog[b].size)
            if large == .first, isLarge(sizeA) != isLarge(sizeB) { return isLarge(sizeA) }
            return sizeA < sizeB
        }
    }

    mutating func remove(tree directory: String) {
        let inside = { (path: String) in path == directory || path.hasPrefix(directory + "/") }
        recent.removeAll { inside($0.path) }
        backlog.removeAll { inside($0.path) }
        queued = queued.filter { !inside($0) }
    }
}
