/// Why there is nothing to search in an index yet, said in the same words by every front
/// end (`folioq`, the launchers, the window, `folio mcp` and the model's tools, the library,
/// and `StoreError`'s own description): nothing indexed, being created or upgraded, damaged
/// and being rebuilt, damaged on a disk too full to rebuild. None of them is an error of
/// the query: `folioq` exits 1 ("nothing found"), not 2.
public enum IndexAvailability: Sendable, Equatable {
    case missing(path: String)
    /// foliod is creating or upgrading it (or an older Folio left it).
    case beingCreated(path: String)
    /// Noted damaged (`DamageMarker`) or found so: foliod rebuilds it.
    case damaged(path: String)
    /// Damaged, and the disk holding it is too full to rebuild it: foliod waits for space.
    case damagedOnFullDisk(path: String)

    /// The state an error says the index is in; `nil` for an error that is a failure (a
    /// busy database, a newer schema, SQLite refusing a read).
    public init?(_ error: StoreError) {
        switch error {
        case let .missing(path): self = .missing(path: path)
        case let .schemaTooOld(path): self = .beingCreated(path: path)
        case let .damaged(path, _, _): self = .damaged(path: path)
        case let .diskFull(path, _) where DamageMarker.found(path: path) != nil: self = .damagedOnFullDisk(path: path)
        default: return nil
        }
    }

    /// The index's path.
    public var path: String {
        switch self {
        case let .missing(path), let .beingCreated(path), let .damaged(path), let .damagedOnFullDisk(path): path
        }
    }

    /// What to tell the user. `keptByRunningDaemon`: whether the foliod that runs keeps this
    /// index (then it is creating or rebuilding it now); `nil` when not asked.
    public func message(keptByRunningDaemon: Bool?) -> String {
        let kept = keptByRunningDaemon == true
        switch self {
        case let .missing(path):
            return kept ? "foliod is creating the index at \(path); nothing is searchable yet"
                : "nothing is indexed yet (no index at \(path)); start foliod (systemctl --user start foliod) or index a folder (folioctl index ~/Documents)"
        case let .beingCreated(path):
            return "the index at \(path) is being created or upgraded; nothing is searchable yet"
                + (kept ? "" : " (if foliod is not running, `folioctl index` upgrades it)")
        case let .damaged(path):
            return "the index at \(path) is damaged; " + (kept ? "foliod is rebuilding it" : "foliod rebuilds it when it starts (systemctl --user start foliod)")
                + " from your files, keeping the recognised text and vectors that still read; nothing is searchable until then"
        case let .damagedOnFullDisk(path):
            return "the index at \(path) is damaged, and the disk holding it is too full to rebuild it: free some space there, "
                + "and foliod rebuilds it by itself; nothing is searchable until then"
        }
    }
}
