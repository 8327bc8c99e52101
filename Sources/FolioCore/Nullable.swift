/// An optional written as `null` when it holds nothing, where Swift's synthesised
/// `Encodable` would leave the key out: every key of folioq's JSON (docs/json.md) and of
/// `folio mcp`'s results is always there.
@propertyWrapper
public struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
