/// Where Folio keeps its files, following the XDG Base Directory specification:
/// configuration in `$XDG_CONFIG_HOME/folio`, the database in `$XDG_DATA_HOME/folio`.
///
/// Related specification: <https://specifications.freedesktop.org/basedir-spec/latest/>
public struct FolioPaths: Sendable, Equatable {
    public var home: String
    public var configurationFile: String
    public var databaseFile: String

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
    }

    /// Expands a leading `~` or `~/` to the home directory.
    public func expandingTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
