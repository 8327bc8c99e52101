internal import CGio

/// Building and reading GLib `GVariant` values (D-Bus message contents) from Swift
/// without GLib's variadic functions, which Swift cannot call. Every built value is
/// floating: the call that takes it (`returnValue`, a container) owns it. GLib's
/// constructors never return NULL (they abort when memory runs out), nor does reading a
/// string: hence the `!`s.
enum Variant {
    static func string(_ value: String) -> OpaquePointer {
        gio.g_variant_new_string(value)!
    }

    static func strings(_ values: [String]) -> OpaquePointer {
        let pointers = values.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { buffer in
            gio.g_variant_new_strv(buffer.baseAddress, gssize(buffer.count))!
        }
    }

    static func int32(_ value: Int32) -> OpaquePointer { gio.g_variant_new_int32(value)! }
    static func double(_ value: Double) -> OpaquePointer { gio.g_variant_new_double(value)! }

    /// A `v`: any value in a box, as the values of an `a{sv}` dictionary are.
    static func boxed(_ value: OpaquePointer) -> OpaquePointer { gio.g_variant_new_variant(value)! }

    static func tuple(_ items: [OpaquePointer]) -> OpaquePointer {
        let children: [OpaquePointer?] = items
        return children.withUnsafeBufferPointer { gio.g_variant_new_tuple($0.baseAddress, gsize($0.count))! }
    }

    /// An array of `elementType` (a D-Bus signature such as `"s"` or `"a{sv}"`); the type
    /// is needed because an empty array has no element to tell it.
    static func array(of elementType: String, _ items: [OpaquePointer]) -> OpaquePointer {
        let type = gio.g_variant_type_new(elementType)
        defer { gio.g_variant_type_free(type) }
        let children: [OpaquePointer?] = items
        return children.withUnsafeBufferPointer { gio.g_variant_new_array(type, $0.baseAddress, gsize($0.count))! }
    }

    /// An `a{sv}` dictionary.
    static func dictionary(_ entries: [(key: String, value: OpaquePointer)]) -> OpaquePointer {
        array(of: "{sv}", entries.map { gio.g_variant_new_dict_entry(string($0.key), boxed($0.value))! })
    }

    /// The string (`s`) at `index` of a tuple.
    static func string(in tuple: OpaquePointer, at index: Int) -> String {
        child(of: tuple, at: index) { String(cString: gio.g_variant_get_string($0, nil)!) }
    }

    /// The `u` at `index` of a tuple.
    static func uint32(in tuple: OpaquePointer, at index: Int) -> UInt32 {
        child(of: tuple, at: index) { gio.g_variant_get_uint32($0) }
    }

    /// The `b` at `index` of a tuple.
    static func bool(in tuple: OpaquePointer, at index: Int) -> Bool {
        child(of: tuple, at: index) { gio.g_variant_get_boolean($0) != 0 }
    }

    /// The string array (`as`) at `index` of a tuple.
    static func strings(in tuple: OpaquePointer, at index: Int) -> [String] {
        child(of: tuple, at: index) { value in
            var count: gsize = 0
            guard let array = gio.g_variant_get_strv(value, &count) else { return [] }
            defer { gio.g_free(array) }
            return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
        }
    }

    /// Reads the value at `index` of a tuple, releasing it after.
    private static func child<Value>(of tuple: OpaquePointer, at index: Int, _ read: (OpaquePointer) -> Value) -> Value {
        let child = gio.g_variant_get_child_value(tuple, gsize(index))!
        defer { gio.g_variant_unref(child) }
        return read(child)
    }
}
