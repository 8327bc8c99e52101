/// An optional that `--json` writes as `null` when it holds nothing, where Swift's
/// synthesised `Encodable` would leave the key out: every key of folioq's JSON is always
/// there (docs/json.md).
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
