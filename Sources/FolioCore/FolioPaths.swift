/// Where Folio keeps its files, following the XDG Base Directory specification:
/// configuration in `$XDG_CONFIG_HOME/folio`, the database in `$XDG_DATA_HOME/folio`.
///
/// Related specification: <https://specifications.freedesktop.org/basedir-spec/latest/>
public struct FolioPaths: Sendable, Equatable {
    public var home: String
    public var configurationFile: String
    public var databaseFile: String
    /// Files that live as long as the session: `$XDG_RUNTIME_DIR/folio`, or a folder of
    /// the user's own in `/tmp` when there is no runtime directory.
    public var runtimeDirectory: String
    /// The daemon's control socket, in `runtimeDirectory`.
    public var controlSocket: String { runtimeDirectory + "/control.sock" }
    /// The embedder process's socket, which answers query vectors, in `runtimeDirectory`.
    public var embedderSocket: String { runtimeDirectory + "/embedder.sock" }
    /// Held by the running embedder (`ProcessLock`): one per session.
    public var embedderLock: String { runtimeDirectory + "/embedder.lock" }
    /// What an embedder a search started said when it failed, in `runtimeDirectory`.
    public var embedderLog: String { runtimeDirectory + "/embedder.log" }
    /// Where installed data (the embedding model, ONNX Runtime) is looked for, first
    /// found first: `$XDG_DATA_HOME`, then each of `$XDG_DATA_DIRS` (`/usr/local/share`
    /// and `/usr/share` when unset), each with `/folio` added.
    public var dataDirectories: [String]

    /// Resolves the paths from an environment (normally the process's), so tests can
    /// give their own. Relative XDG values are ignored, as the specification says.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        func base(_ variable: String, fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + fallback
        }
        self.home = home
        configurationFile = base("XDG_CONFIG_HOME", fallback: "/.config") + "/folio/config.toml"
        databaseFile = base("XDG_DATA_HOME", fallback: "/.local/share") + "/folio/folio.sqlite"
        let systemData = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").filter { $0.hasPrefix("/") }.map(String.init)
        dataDirectories = ([base("XDG_DATA_HOME", fallback: "/.local/share")] + systemData).map { $0 + "/folio" }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        runtimeDirectory = runtime.map { $0 + "/folio" } ?? "/tmp/folio-" + (environment["USER"] ?? "user")
    }

    /// Expands a leading `~` or `~/` to the home directory.
    public func expandingTilde(_ path: String) -> String {
        Self.expandingTilde(path, home: home)
    }

    /// A path a client gave (`folio mcp`'s tools, `folio ui`'s API), absolute or `~/…`, with
    /// `~` expanded and without `.` and `..`; `nil` for a relative one, which means nothing
    /// to a server whose own folder the client does not know.
    public func absolute(_ path: String) -> String? {
        let expanded = expandingTilde(path)
        return expanded.hasPrefix("/") ? AbsolutePath.normalise(expanded, relativeTo: "/") : nil
    }

    /// Expands a leading `~` or `~/` to `home`.
    public static func expandingTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
