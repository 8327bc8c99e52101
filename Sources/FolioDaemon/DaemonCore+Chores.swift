/// foliod's own timed chores, decided by the core as its other actions are: the loop asks
/// which are due (`dueChores`), does them, and sleeps no longer than `choresDeadline`.
public enum DaemonChore: Sendable, Equatable {
    /// A STATUS line for systemd.
    case notifyStatus
    /// A look for a damage note, or the index file removed, replaced or emptied.
    case lookForDamage
    /// A step of the search tables' upkeep (chunk lengths, champion lists): at each turn while
    /// work is left, else now and then; only while the index is settled and not paused.
    case tendSearchTables
}

/// When each chore was last done (monotonic milliseconds; `nil`: due at once).
struct ChoreTimes: Sendable {
    var status: Int64?
    var damage: Int64?
    var searchTables: Int64?
    /// The last step of the search tables' upkeep left work: the next is due at once.
    var searchTablesPending = true
}

extension DaemonCore {
    static let statusMilliseconds: Int64 = 1_000
    static let damageMilliseconds: Int64 = 1_000
    static let searchTablesMilliseconds: Int64 = 10_000

    /// The chores due at `now`, each taken as done.
    public mutating func dueChores(now: Int64) -> [DaemonChore] {
        var due: [DaemonChore] = []
        if Self.isDue(chores.status, every: Self.statusMilliseconds, now: now) {
            due.append(.notifyStatus)
            chores.status = now
        }
        if Self.isDue(chores.damage, every: Self.damageMilliseconds, now: now) {
            due.append(.lookForDamage)
            chores.damage = now
        }
        if tablesMayBeTended, chores.searchTablesPending || Self.isDue(chores.searchTables, every: Self.searchTablesMilliseconds, now: now) {
            due.append(.tendSearchTables)
            chores.searchTables = now
        }
        return due
    }

    /// When the next chore is due.
    public func choresDeadline(now: Int64) -> Int64 {
        if tablesMayBeTended, chores.searchTablesPending { return now }
        let tables = tablesMayBeTended ? chores.searchTables.map { $0 + Self.searchTablesMilliseconds } ?? now : nil
        return [chores.status.map { $0 + Self.statusMilliseconds } ?? now, chores.damage.map { $0 + Self.damageMilliseconds } ?? now, tables]
            .compactMap { $0 }.min()!
    }

    /// The upkeep's step ended: more work left or not (a failed step is tried again after
    /// the usual pause).
    mutating func searchTablesTended(pending: Bool) {
        chores.searchTablesPending = pending
    }

    /// The index's folder changed (a damage note written, the index file replaced): the
    /// look for damage is due at once.
    mutating func indexFolderChanged() {
        chores.damage = nil
    }

    private var tablesMayBeTended: Bool { isSettled && !paused }

    private static func isDue(_ last: Int64?, every period: Int64, now: Int64) -> Bool {
        last.map { now - $0 >= period } ?? true
    }
}
