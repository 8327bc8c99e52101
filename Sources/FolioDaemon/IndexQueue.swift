internal import FolioCore

/// The files waiting for a worker, bounded so memory stays flat whatever the number of
/// files: changes seen by inotify first (someone just saved them), then the walk's finds,
/// smallest first (many small files indexed before one huge one).
///
/// Large files are read one at a time: two workers each reading a large PDF at once were
/// what made the daemon's peak memory (docs/benchmarks.md). With more than one worker, a
/// large file is handed out as soon as no worker reads one, ahead of the small files,
/// so that large files are read one after another beside the small ones rather than two
/// at a time at the end.
///
/// While a worker holds a tesseract engine (`WorkerPool.grantTurns`), the others get light
/// files only: small, and of a kind OCR never reads.
struct IndexQueue {
    /// Files from this size on are large: below it, no PDF of the benchmark corpus made MuPDF
    /// hold much (docs/benchmarks.md).
    static let largeFileBytes: Int64 = 4 << 20

    /// Light files are under this size and text, Markdown or HTML: a worker reading one
    /// holds little more than when it started (the text loader holds a file's text whole,
    /// several bytes for each byte of the file).
    static let lightFileBytes: Int64 = 1 << 20

    /// What the other workers are doing, which decides what the next file may be.
    enum HandOut {
        /// A single worker: files in order, whatever their size.
        case inOrder
        /// No other worker reads a large file: the smallest large one comes first.
        case largeFirst
        /// Another worker reads a large file: small files only.
        case smallOnly
        /// Another worker holds a tesseract engine: light files only.
        case lightOnly

        func allows(_ file: (path: String, size: Int64), excluding held: Set<String>) -> Bool {
            guard !held.contains(file.path) else { return false }
            switch self {
            case .inOrder, .largeFirst: return true
            case .smallOnly: return file.size < IndexQueue.largeFileBytes
            case .lightOnly: return file.size < IndexQueue.lightFileBytes && [.text, .markdown, .html, .code].contains(DocumentKind(path: file.path))
            }
        }
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

    /// Whether a file may be handed out now. Files in `held` (being read by a worker: they
    /// changed meanwhile) wait until that reading ends, so the later reading is the last
    /// written.
    func hasFile(for handOut: HandOut, excluding held: Set<String> = []) -> Bool {
        recent.contains { handOut.allows($0, excluding: held) } || backlog.contains { handOut.allows($0, excluding: held) }
    }

    /// The next file for an idle worker, or `nil` when none may be read now.
    mutating func next(_ handOut: HandOut, excluding held: Set<String> = []) -> (path: String, size: Int64)? {
        let file: (path: String, size: Int64)
        if let index = recent.firstIndex(where: { handOut.allows($0, excluding: held) }) {
            file = recent.remove(at: index)
        } else if let index = nextFound(handOut, excluding: held) {
            file = backlog.remove(at: index)
        } else {
            return nil
        }
        queued.remove(file.path)
        return file
    }

    /// The smallest file found that `handOut` allows, large ones first when `.largeFirst`.
    private func nextFound(_ handOut: HandOut, excluding held: Set<String>) -> Int? {
        let isLarge = { (size: Int64) in size >= Self.largeFileBytes }
        return backlog.indices.lazy.filter { handOut.allows(self.backlog[$0], excluding: held) }.min { a, b in
            let (sizeA, sizeB) = (backlog[a].size, backlog[b].size)
            if handOut == .largeFirst, isLarge(sizeA) != isLarge(sizeB) { return isLarge(sizeA) }
            return sizeA < sizeB
        }
    }

    mutating func remove(tree directory: String) {
        let inside = { (path: String) in AbsolutePath.isInside(path, directory) }
        recent.removeAll { inside($0.path) }
        backlog.removeAll { inside($0.path) }
        queued = queued.filter { !inside($0) }
    }
}
