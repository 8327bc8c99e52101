internal import Glibc

/// A thread of its own for long blocking work beside a poll loop (the embedder's
/// background stage beside its socket): started at once, joined once.
public final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    public init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let owner = Unmanaged<BackgroundThread>.fromOpaque(context!).takeRetainedValue()
            owner.body()
            return nil
        }, context)
        precondition(created == 0, "pthread_create: \(created)")
    }

    /// Waits for the body to return.
    public func join() {
        pthread_join(thread, nil)
    }
}
