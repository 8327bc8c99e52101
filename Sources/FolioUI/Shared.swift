internal import Synchronization

/// A value the server's threads share: the port, known once the server listens; the
/// answers being written; when the last request came.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    var current: Value { value.withLock { $0 } }

    func update(_ change: (inout Value) -> Void) {
        value.withLock { change(&$0) }
    }
}
