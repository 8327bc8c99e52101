/// foliod's wait to rebuild a damaged index on a full disk, decided without I/O: the
/// rebuild is tried again when the disk has gained a MiB since it failed, or after a
/// minute whatever the disk says (space freed and used again meanwhile, or a quota the
/// free count does not show). Tested by `SpaceWaitTests`.
struct SpaceWait: Sendable, Equatable {
    static let gainBytes: UInt64 = 1 << 20
    static let longestMilliseconds: Int64 = 60_000

    let freeAtFailure: UInt64
    let failedAt: Int64

    init(freeBytes: UInt64, at now: Int64) {
        freeAtFailure = freeBytes
        failedAt = now
    }

    /// Whether to try the rebuild again, with `freeBytes` free at `now`.
    func isOver(freeBytes: UInt64, now: Int64) -> Bool {
        freeBytes > freeAtFailure + Self.gainBytes || now - failedAt >= Self.longestMilliseconds
    }

    /// When the wait ends whatever the disk says; the free space is looked at once a second
    /// before that (`EventLoop`'s longest wait).
    var deadline: Int64 { failedAt + Self.longestMilliseconds }
}
