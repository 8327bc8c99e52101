/// A value as SQLite stores it.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift type that goes into a statement and comes out of a row.
public protocol SQLiteValueConvertible {
    var sqliteValue: SQLiteValue { get }
    /// The value of a column; `nil` when it cannot be this type (a NULL for a non-optional).
    static func from(_ value: SQLiteValue) -> Self?
}

extension Int64: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self) }
    public static func from(_ value: SQLiteValue) -> Int64? {
        switch value {
        case let .integer(number): number
        case let .real(number): Int64(exactly: number)
        default: nil
        }
    }
}

extension Int: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    public static func from(_ value: SQLiteValue) -> Int? { Int64.from(value).flatMap { Int(exactly: $0) } }
}

extension Bool: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    public static func from(_ value: SQLiteValue) -> Bool? { Int64.from(value).map { $0 != 0 } }
}

extension Double: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .real(self) }
    public static func from(_ value: SQLiteValue) -> Double? {
        switch value {
        case let .real(number): number
        case let .integer(number): Double(number)
        default: nil
        }
    }
}

extension String: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(self) }
    public static func from(_ value: SQLiteValue) -> String? {
        if case let .text(text) = value { return text }
        return nil
    }
}

extension Substring: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(String(self)) }
    public static func from(_ value: SQLiteValue) -> Substring? { String.from(value).map { Substring($0) } }
}

extension [UInt8]: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .blob(self) }
    public static func from(_ value: SQLiteValue) -> [UInt8]? {
        if case let .blob(bytes) = value { return bytes }
        return nil
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    /// A NULL is `.some(nil)`: present, and empty.
    public static func from(_ value: SQLiteValue) -> Wrapped?? {
        value == .null ? .some(nil) : Wrapped.from(value).map { .some($0) }
    }
}

/// The values bound to a statement's `?` parameters, in order.
public struct SQLiteArguments: ExpressibleByArrayLiteral, Sendable {
    public var values: [SQLiteValue]

    public init(_ values: [SQLiteValue] = []) {
        self.values = values
    }

    public init(_ values: [some SQLiteValueConvertible]) {
        self.values = values.map(\.sqliteValue)
    }

    public init(arrayLiteral elements: (any SQLiteValueConvertible)?...) {
        values = elements.map { $0?.sqliteValue ?? .null }
    }

    public static func + (lhs: SQLiteArguments, rhs: SQLiteArguments) -> SQLiteArguments {
        SQLiteArguments(lhs.values + rhs.values)
    }

    public static func += (lhs: inout SQLiteArguments, rhs: SQLiteArguments) {
        lhs.values += rhs.values
    }
}

/// One row of a result, its columns by name.
public struct SQLiteRow: Sendable {
    let names: [String: Int]
    public let values: [SQLiteValue]

    /// The column's value as `T` (an optional type for a column that may be NULL). A
    /// column that is not there, or not of that type, is a programming error.
    public subscript<T: SQLiteValueConvertible>(_ column: String) -> T {
        guard let index = names[column] else { preconditionFailure("no column \(column) in the row") }
        guard let value = T.from(values[index]) else { preconditionFailure("column \(column) is \(values[index]), not \(T.self)") }
        return value
    }

    /// The first column's value.
    public func first<T: SQLiteValueConvertible>(as type: T.Type = T.self) -> T? {
        values.first.flatMap(T.from)
    }
}
