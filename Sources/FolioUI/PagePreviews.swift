internal import FolioProtocol
internal import FolioSystem
internal import Synchronization

/// PDF pages drawn for previews by `foliod-worker --render-page` (a crash or a hang in
/// MuPDF costs that process, killed after `timeoutSeconds`), the last few kept: the page's
/// JSON and its image are asked for one after the other, and arrows go back and forth.
final class PagePreviews: Sendable {
    struct Key: Hashable {
        var path: String
        var page: Int
        /// The file's modification time: a changed file is drawn again.
        var modified: Int64
    }

    static let kept = 6
    static let timeoutSeconds = 15
    static let dpi = 110

    private let cache = Mutex<[(key: Key, picture: PagePictureMessage)]>([])

    /// Lets the pages kept go (the server at rest).
    func forget() {
        cache.withLock { $0.removeAll() }
    }

    /// Page `page` of `path`, drawn or kept.
    func picture(path: String, page: Int) throws(UIError) -> PagePictureMessage {
        let modified = (try? FileStatus.of(path).modificationTimeNanoseconds) ?? 0
        let key = Key(path: path, page: page, modified: modified)
        if let kept = cache.withLock({ $0.first { $0.key == key }?.picture }) { return kept }
        guard let worker = WorkerProgram.installed("foliod-worker") else {
            throw .preview(path: path, reason: "foliod-worker is not installed beside folio")
        }
        let output: [UInt8]
        do {
            output = try ChildProcess.run(["/usr/bin/timeout", "-s", "KILL", String(Self.timeoutSeconds), worker,
                                           "--render-page", path, "--page", String(page), "--dpi", String(Self.dpi)]).output
        } catch {
            throw .preview(path: path, reason: "\(error)")
        }
        guard let line = output.split(separator: UInt8(ascii: "\n")).first, let message = try? PagePictureMessage.read(Array(line)) else {
            throw .preview(path: path, reason: "the page could not be drawn (MuPDF failed or took over \(Self.timeoutSeconds) s on it)")
        }
        if let error = message.error { throw .preview(path: path, reason: error) }
        cache.withLock { cache in
            cache.removeAll { $0.key == key }
            cache.append((key, message))
            if cache.count > Self.kept { cache.removeFirst() }
        }
        return message
    }
}
