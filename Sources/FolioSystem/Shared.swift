internal import Synchronization

/// A value a server's threads share: `folio ui`'s port, known once it listens; the rest
/// and end of `folio ui` and `folio mcp` (`IdleCore`), which their timer threads tick.
public final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    public init(_ value: Value) {
        self.value = Mutex(value)
    }

    public var current: Value { value.withLock { $0 } }

    /// Changes the value under the lock, and gives what `change` returns.
    @discardableResult
    public func update<Result>(_ change: (inout Value) -> Result) -> Result {
        value.withLock { change(&$0) }
    }
}
