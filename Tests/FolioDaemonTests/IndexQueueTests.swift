import Testing
@testable import FolioDaemon

/// The order in which queued files go to the workers.
struct IndexQueueTests {
    private let large = IndexQueue.largeFileBytes

    private func drain(_ queue: inout IndexQueue, _ mode: IndexQueue.HandOut) -> [String] {
        var paths: [String] = []
        while let file = queue.next(mode) { paths.append(file.path) }
        return paths
    }

    @Test func oneWorker_takesRecentChangesFirst_thenTheSmallestFound() {
        var queue = IndexQueue(capacity: 10)
        queue.addFound("/big", size: large * 2)
        queue.addFound("/medium", size: 5_000)
        queue.addFound("/tiny", size: 10)
        queue.addRecent("/saved", size: large)
        queue.addRecent("/medium", size: 6_000)
        #expect(queue.count == 4)
        #expect(drain(&queue, .inOrder) == ["/saved", "/medium", "/tiny", "/big"])
        #expect(queue.isEmpty)
    }

    @Test func whileALargeFileIsRead_onlySmallFilesAreHandedOut() {
        var queue = IndexQueue(capacity: 10)
        queue.addFound("/large-found", size: large)
        queue.addFound("/small-found", size: large - 1)
        queue.addRecent("/large-saved", size: large * 3)
        queue.addRecent("/small-saved", size: 1)
        #expect(drain(&queue, .smallOnly) == ["/small-saved", "/small-found"])
        #expect(queue.count == 2, "the large files wait")
        #expect(drain(&queue, .inOrder) == ["/large-saved", "/large-found"])
    }

    @Test func whenNoLargeFileIsRead_theSmallestLargeOneGoesFirst_afterRecentChanges() {
        var queue = IndexQueue(capacity: 10)
        queue.addFound("/small", size: 1)
        queue.addFound("/larger", size: large * 2)
        queue.addFound("/large", size: large)
        queue.addRecent("/saved", size: 100)
        #expect(queue.next(.largeFirst)?.path == "/saved")
        #expect(queue.next(.largeFirst)?.path == "/large")
        #expect(queue.next(.smallOnly)?.path == "/small")
        #expect(queue.next(.smallOnly) == nil)
        #expect(queue.next(.largeFirst)?.path == "/larger")
    }

    @Test func whileAnOCREngineIsHeld_onlySmallTextMarkdownAndHTMLAreHandedOut() {
        let light = IndexQueue.lightFileBytes
        var queue = IndexQueue(capacity: 10)
        queue.addFound("/scan.pdf", size: 1_000)
        queue.addFound("/photo.png", size: 1_000)
        queue.addFound("/notes.txt", size: light - 1)
        queue.addFound("/log.txt", size: light)
        queue.addRecent("/page.html", size: 10)
        queue.addRecent("/saved.md", size: 20)
        #expect(queue.hasFile(for: .lightOnly))
        #expect(drain(&queue, .lightOnly) == ["/page.html", "/saved.md", "/notes.txt"])
        #expect(!queue.hasFile(for: .lightOnly))
        #expect(queue.hasFile(for: .smallOnly))
        #expect(drain(&queue, .inOrder) == ["/scan.pdf", "/photo.png", "/log.txt"])
    }

    /// A file that changed while a worker reads it waits for that reading to end.
    @Test func aFileBeingRead_isNotHandedOutAgainUntilItsReadingEnds() {
        var queue = IndexQueue(capacity: 10)
        queue.addRecent("/log.txt", size: 10)
        queue.addFound("/other.txt", size: 20)
        #expect(queue.hasFile(for: .inOrder, excluding: ["/log.txt"]))
        #expect(queue.next(.inOrder, excluding: ["/log.txt"])?.path == "/other.txt")
        #expect(!queue.hasFile(for: .inOrder, excluding: ["/log.txt"]))
        #expect(queue.next(.inOrder, excluding: ["/log.txt"]) == nil)
        #expect(queue.next(.inOrder)?.path == "/log.txt")
    }

    @Test func removingATree_dropsItsFilesOnly() {
        var queue = IndexQueue(capacity: 10)
        queue.addFound("/docs/a", size: 1)
        queue.addRecent("/docs/sub/b", size: 1)
        queue.addFound("/docsother/c", size: 1)
        queue.remove(tree: "/docs")
        #expect(drain(&queue, .inOrder) == ["/docsother/c"])
    }

    @Test func isFull_countsTheFilesFound() {
        var queue = IndexQueue(capacity: 2)
        queue.addRecent("/a", size: 1)
        queue.addFound("/b", size: 1)
        #expect(!queue.isFull)
        queue.addFound("/c", size: 1)
        #expect(queue.isFull)
    }
}
