internal import Synchronization

/// A value a server's threads share: `folio ui`'s port, known once it listens; the rest
/// and end of `folio ui` and `folio mcp` (`IdleCore`), which their timer threads tick.
public final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    public init(_ value: Value) {
        self.value = Mutex(value)
    }

    public var current: Value { value.withLock { $0 } }

    public func update(_ change: (inout Value) -> Void) {
        value.withLock { change(&$0) }
    }
}
