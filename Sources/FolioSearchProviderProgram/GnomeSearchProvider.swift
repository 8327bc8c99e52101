internal import FolioLaunch

/// GNOME Shell's search provider interface, `org.gnome.Shell.SearchProvider2`: the shell
/// sends the words typed in the overview (already split; it wants documents with all of
/// them), shows about five rows per provider, and asks for their names and icons.
///
/// Specification: <https://developer.gnome.org/documentation/tutorials/search-provider.html>
final class GnomeSearchProvider: DBusObject {
    let objectPath = "/org/folio/Search"
    let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """
    /// Ids returned per search: the shell shows five, more is wasted time.
    static let resultLimit = 10

    private let launcher: Launcher

    init(launcher: Launcher) {
        self.launcher = launcher
    }

    func handle(_ method: String, _ call: MethodCall) throws(CallFailure) {
        switch method {
        case "GetInitialResultSet":
            call.reply(Variant.strings(try results(call.strings(0))))
        case "GetSubsearchResultSet":
            // A fresh search rather than a filter of the previous ids: the previous
            // set was cut at ten, and the best documents for the longer query may
            // not be among them.
            call.reply(Variant.strings(try results(call.strings(1))))
        case "GetResultMetas":
            var metas: [OpaquePointer] = []
            for id in call.strings(0) {
                if let meta = try meta(id) { metas.append(meta) }
            }
            call.reply(Variant.array(of: "a{sv}", metas))
        case "ActivateResult":
            if QueryProblem(id: call.string(0)) == nil { try launcher.activate(call.string(0)) }
            call.reply()
        case "LaunchSearch":
            try launcher.showAllResults(call.strings(0))
            call.reply()
        default:
            throw .unknownMethod(method)
        }
    }

    private func results(_ terms: [String]) throws(CallFailure) -> [String] {
        do {
            return try launcher.search(terms.joined(separator: " "), limit: Self.resultLimit).map(\.id.text)
        } catch .badQuery(let message) {
            return [QueryProblem(message: message).id]
        }
    }

    /// The row's name, description and icon; an id that is not (or no longer) in the
    /// index is left out, which the shell takes as "no such result".
    private func meta(_ id: String) throws(CallFailure) -> OpaquePointer? {
        if let problem = QueryProblem(id: id) {
            return Variant.dictionary([
                ("id", Variant.string(id)),
                ("name", Variant.string(QueryProblem.title)),
                ("description", Variant.string(problem.message)),
                ("gicon", Variant.string(QueryProblem.iconName)),
            ])
        }
        let row: LauncherSearch.Row
        do {
            row = try launcher.row(id)
        } catch .invalidArguments(let message) {
            throw .invalidArguments(message)
        } catch {
            return nil
        }
        return Variant.dictionary([
            ("id", Variant.string(id)),
            ("name", Variant.string(row.name)),
            ("description", Variant.string(row.description)),
            ("gicon", Variant.string(row.iconName)),
            ("clipboardText", Variant.string(row.id.path)),
        ])
    }
}
