internal import CGio

/// GIO's functions, as the provider calls them (`gio.g_bus_get_sync(…)`): loaded by
/// `folio_gio_load` when the provider starts rather than linked, so that folioq, folioctl
/// and foliod, which `make install` makes links to the same binary, do not load GIO and the
/// nine libraries it brings at every start (docs/benchmarks.md, "What every process pays
/// before its query").
///
/// `DBusServer.init` loads GIO first and reports a GIO that cannot be loaded as an error;
/// nothing reads this before, so it is always found loaded.
let gio: folio_gio = {
    guard let functions = folio_gio_load(nil) else { preconditionFailure("GIO used before DBusServer loaded it") }
    return functions.pointee
}()

/// Loads GIO, or says why it cannot be loaded.
func loadGIO() throws(DBusServer.Failure) {
    var reason: UnsafePointer<CChar>?
    guard folio_gio_load(&reason) != nil else { throw .gio(reason.map { String(cString: $0) } ?? "unknown reason") }
}
