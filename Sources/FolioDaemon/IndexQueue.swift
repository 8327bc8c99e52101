/// The files waiting for a worker, bounded so memory stays flat whatever the number of
/// files: changes seen by inotify first (someone just saved them), then the walk's finds,
/// smallest first (many small files indexed before one huge one).
struct IndexQueue {
    let capacity: Int
    private var recent: [String] = []
    private var backlog: [(path: String, size: Int64)] = []
    private var queued: Set<String> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { queued.count }
    var isFull: Bool { backlog.count >= capacity }
    var isEmpty: Bool { queued.isEmpty }

    /// A file that just changed. Always accepted: inotify events are bounded by the kernel.
    mutating func addRecent(_ path: String) {
        if queued.insert(path).inserted {
            recent.append(path)
        } else if let index = backlog.firstIndex(where: { $0.path == path }) {
            backlog.remove(at: index)
            recent.append(path)
        }
    }

    /// A file found by a walk; the walk pauses while `isFull`.
    mutating func addFound(_ path: String, size: Int64) {
        if queued.insert(path).inserted { backlog.append((path, size)) }
    }

    mutating func next() -> String? {
        let path: String
        if !recent.isEmpty {
            path = recent.removeFirst()
        } else if let smallest = backlog.indices.min(by: { backlog[$0].size < backlog[$1].size }) {
            path = backlog.remove(at: smallest).path
        } else {
            return nil
        }
        queued.remove(path)
        return path
    }

    mutating func remove(tree directory: String) {
        let inside = { (path: String) in path == directory || path.hasPrefix(directory + "/") }
        recent.removeAll(where: inside)
        backlog.removeAll { inside($0.path) }
        queued = queued.filter { !inside($0) }
    }
}
