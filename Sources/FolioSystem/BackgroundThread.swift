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

/// The body of a detached thread, carried through `pthread_create`'s context pointer.
private final class DetachedBody {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

extension BackgroundThread {
    /// Runs `body` on a thread of its own, not joined: blocking work (SQLite, a child
    /// process, a model's answer) kept off the threads of a Swift concurrency pool.
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        let context = Unmanaged.passRetained(DetachedBody(body)).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<DetachedBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        precondition(created == 0, "pthread_create: \(created)")
    }

    /// `body`'s result, worked out on a thread of its own while the caller's task waits.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            detach { continuation.resume(returning: body()) }
        }
    }
}
