public import FolioCore

extension StoreError {
    /// The error as the workers and the daemon pass it on: a full disk and a busy database
    /// are told apart, because the daemon waits and tries again instead of recording a
    /// file as failed.
    public var refusal: StoreRefusal {
        switch self {
        case .diskFull: StoreRefusal(.diskFull, message: description)
        case .busy: StoreRefusal(.busy, message: description)
        default: StoreRefusal(.failed, message: description)
        }
    }
}
