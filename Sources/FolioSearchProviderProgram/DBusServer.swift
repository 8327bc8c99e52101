internal import CGio
internal import Glibc

/// The session bus connection, the objects on it, and the GLib main loop that serves
/// them. Calls are answered one at a time on the main loop's thread; each is a read of
/// the index of a few milliseconds, so nothing waits long.
final class DBusServer {
    enum Failure: Error, CustomStringConvertible {
        case gio(String)
        case bus(String)
        case register(path: String, reason: String)
        case nameTaken(String)

        var description: String {
            switch self {
            case let .gio(reason): "cannot load GIO, through which the provider talks D-Bus: \(reason)"
            case let .bus(reason): "cannot connect to the D-Bus session bus: \(reason) (is DBUS_SESSION_BUS_ADDRESS set?)"
            case let .register(path, reason): "cannot serve \(path): \(reason)"
            case let .nameTaken(name): "\(name) is served by another process already (another folio-search-provider?)"
            }
        }
    }

    private let connection: OpaquePointer
    private let loop: OpaquePointer
    /// Seconds without a call after which the process exits (0: never); D-Bus activation
    /// starts it again on the next call, so an unused provider costs no memory.
    private let idleExitSeconds: Int
    private var lastCall = DBusServer.now()

    init(idleExitSeconds: Int) throws(Failure) {
        try loadGIO()
        var error: UnsafeMutablePointer<GError>?
        guard let connection = gio.g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw .bus(Self.take(error)) }
        self.connection = connection
        loop = gio.g_main_loop_new(nil, 0)!
        self.idleExitSeconds = idleExitSeconds
        // GDBus would raise SIGTERM when the bus goes away, which a blocked signal mask
        // inherited from the session's starter could ignore: end the main loop instead.
        gio.g_dbus_connection_set_exit_on_close(connection, 0)
        let closed: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = { _, _, _, loop in
            gio.g_main_loop_quit(OpaquePointer(loop))
        }
        _ = gio.g_signal_connect_data(UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(closed, to: GCallback.self),
                                      UnsafeMutableRawPointer(loop), nil, GConnectFlags(rawValue: 0))
    }

    /// Serves `object` at its path. The object lives as long as the process.
    func register(_ object: DBusObject) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = gio.g_dbus_node_info_new_for_xml(object.introspection, &error) else {
            throw .register(path: object.objectPath, reason: Self.take(error))
        }
        let box = Unmanaged.passRetained(ObjectBox(object: object, server: self)).toOpaque()
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, userData in
            guard let method, let parameters, let invocation, let userData else { return }
            let box = Unmanaged<ObjectBox>.fromOpaque(userData).takeUnretainedValue()
            box.server.lastCall = DBusServer.now()
            let call = MethodCall(parameters: parameters, invocation: invocation)
            do throws(CallFailure) {
                try box.object.handle(String(cString: method), call)
            } catch {
                error.send(to: call)
            }
        }
        // GDBus copies the vtable; the interface info stays referenced by the node.
        let id = gio.g_dbus_connection_register_object(connection, object.objectPath, node.pointee.interfaces[0], &vtable, box, nil, &error)
        guard id != 0 else { throw .register(path: object.objectPath, reason: Self.take(error)) }
    }

    /// Takes the well-known name; fails if another process has it. Objects are
    /// registered first, so the call that activated this process finds them.
    func requestName(_ name: String) throws(Failure) {
        let doNotQueue: UInt32 = 4
        let reply = try callBus("RequestName", Variant.tuple([Variant.string(name), gio.g_variant_new_uint32(doNotQueue)!]))
        defer { gio.g_variant_unref(reply) }
        let primaryOwner: UInt32 = 1, alreadyOwner: UInt32 = 4
        guard [primaryOwner, alreadyOwner].contains(Variant.uint32(in: reply, at: 0)) else { throw .nameTaken(name) }
    }

    /// Whether some process owns `name` or D-Bus can start one that does.
    func canReach(_ name: String) -> Bool {
        if let reply = try? callBus("NameHasOwner", Variant.tuple([Variant.string(name)])) {
            defer { gio.g_variant_unref(reply) }
            if Variant.bool(in: reply, at: 0) { return true }
        }
        guard let reply = try? callBus("ListActivatableNames", nil) else { return false }
        defer { gio.g_variant_unref(reply) }
        return Variant.strings(in: reply, at: 0).contains(name)
    }

    /// Calls a method that returns nothing on another service, and waits for it.
    func call(_ destination: String, path: String, interface: String, method: String, arguments: OpaquePointer) throws(Failure) {
        gio.g_variant_unref(try reply(destination, path: path, interface: interface, method: method, arguments: arguments))
    }

    /// Calls a method of the bus itself.
    private func callBus(_ method: String, _ arguments: OpaquePointer?) throws(Failure) -> OpaquePointer {
        try reply("org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: method, arguments: arguments)
    }

    /// Calls a method and waits (at most five seconds) for its reply, a tuple the caller
    /// releases.
    private func reply(_ destination: String, path: String, interface: String, method: String,
                       arguments: OpaquePointer?) throws(Failure) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard let reply = gio.g_dbus_connection_call_sync(connection, destination, path, interface, method, arguments, nil,
                                                          G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
            throw .bus(Self.take(error))
        }
        return reply
    }

    /// Reaps a program the provider started once it exits, so none is left a zombie.
    func reap(_ pid: Int32) {
        _ = gio.g_child_watch_add(pid, { _, _, _ in }, nil)
    }

    /// Serves calls until the bus goes away or, with an idle limit, until no call has
    /// come for that long.
    func run() {
        if idleExitSeconds > 0 {
            let box = Unmanaged.passUnretained(self).toOpaque()
            _ = gio.g_timeout_add_seconds(1, { userData in
                let server = Unmanaged<DBusServer>.fromOpaque(userData!).takeUnretainedValue()
                guard DBusServer.now() - server.lastCall >= Int64(server.idleExitSeconds) * 1000 else { return 1 }
                gio.g_main_loop_quit(server.loop)
                return 0
            }, box)
        }
        gio.g_main_loop_run(loop)
        _ = gio.g_dbus_connection_flush_sync(connection, nil, nil)
    }

    /// Monotonic milliseconds.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { gio.g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

/// What a registered object's calls need: the object, and the server to note the time.
private final class ObjectBox {
    let object: DBusObject
    let server: DBusServer

    init(object: DBusObject, server: DBusServer) {
        self.object = object
        self.server = server
    }
}
