internal import CGio
internal import FolioCLI

/// One D-Bus interface served at one object path. GDBus checks every call's arguments
/// against `introspection` before `handle` sees it, and answers a call with the wrong
/// signature, or to an unknown method, with a D-Bus error of its own.
protocol DBusObject: AnyObject {
    /// `<node><interface name="…">…</interface></node>`, as in the interface's specification.
    var introspection: String { get }
    var objectPath: String { get }
    /// Answers one call through `call.reply`; a thrown failure becomes its D-Bus error.
    func handle(_ method: String, _ call: MethodCall) throws(CallFailure)
}

/// A call that cannot be answered with results: the D-Bus error it gets.
enum CallFailure: Error {
    case invalidArguments(String)
    case failed(String)
    /// A field of the query not understood (`after:2023-13`): the search providers show it
    /// as their one result (`QueryProblem`), as a shell shows nothing of a D-Bus error.
    case badQuery(String)
    /// Not reached in practice: GDBus answers calls to methods the introspection data
    /// does not list.
    case unknownMethod(String)

    func send(to call: MethodCall) {
        switch self {
        case let .invalidArguments(message), let .badQuery(message):
            call.fail("InvalidArgs", message)
        case let .failed(message):
            Output.error("folio-search-provider: \(message)\n")
            call.fail("Failed", message)
        case let .unknownMethod(method):
            call.fail("UnknownMethod", "no method \(method)")
        }
    }
}

/// A method call in hand: its arguments and the invocation that must be answered once.
struct MethodCall {
    let parameters: OpaquePointer
    let invocation: OpaquePointer

    func string(_ index: Int) -> String { Variant.string(in: parameters, at: index) }
    func strings(_ index: Int) -> [String] { Variant.strings(in: parameters, at: index) }

    /// Answers with these out-arguments (none for a method that returns nothing).
    func reply(_ values: OpaquePointer...) {
        gio.g_dbus_method_invocation_return_value(invocation, values.isEmpty ? nil : Variant.tuple(values))
    }

    /// Answers with the D-Bus error `org.folio.Search.Error.<name>` and a message for people.
    func fail(_ name: String, _ message: String) {
        gio.g_dbus_method_invocation_return_dbus_error(invocation, "org.folio.Search.Error." + name, message)
    }
}
