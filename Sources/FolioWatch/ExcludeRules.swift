internal import Glibc

/// Which files and folders are never indexed: the configuration's `exclude` patterns and
/// the `.folioignore` files found on the way down.
///
/// A pattern without `/` matches a name at any depth (`node_modules`, `*.kdbx`); a pattern
/// with `/` (or a leading `~`) matches a path and everything below it (`~/.ssh`). Shell
/// wildcards (`*`, `?`, `[…]`) as `fnmatch(3)` reads them. In a `.folioignore`, path
/// patterns are relative to its folder; blank lines and `#` comments are skipped.
public struct ExcludeRules: Sendable, Equatable {
    private var names: [String] = []
    private var paths: [String] = []

    /// `home` expands a leading `~`.
    public init(patterns: [String], home: String) {
        for pattern in patterns { add(pattern, base: nil, home: home) }
    }

    /// The name of the file a folder's own exclusions are read from.
    public static let ignoreFileName = ".folioignore"

    /// These rules plus the patterns of a `.folioignore` in `directory`.
    public func adding(ignoreFile contents: String, in directory: String) -> ExcludeRules {
        var rules = self
        for line in contents.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let pattern = line.trimmingCharacters()
            if pattern.isEmpty || pattern.hasPrefix("#") { continue }
            rules.add(pattern, base: directory, home: nil)
        }
        return rules
    }

    /// Whether the file or folder at `path` (whose last component is `name`) is excluded.
    public func excludes(_ path: String, name: String) -> Bool {
        if names.contains(where: { fnmatch($0, name, 0) == 0 }) { return true }
        return paths.contains { pattern in
            path == pattern || path.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/") || fnmatch(pattern, path, FNM_PATHNAME) == 0
        }
    }

    /// Whether anything below `path` could be excluded by a name pattern or a path
    /// pattern: checks every component, for paths not met through a walk (inotify events).
    public func excludesAnyComponent(of path: String, below root: String) -> Bool {
        var current = root
        for component in path.dropFirst(root.count).split(separator: "/") {
            current += "/" + component
            if excludes(current, name: String(component)) { return true }
        }
        return false
    }

    private mutating func add(_ raw: String, base: String?, home: String?) {
        var pattern = raw
        while pattern.count > 1, pattern.hasSuffix("/") { pattern.removeLast() }
        if let home, pattern == "~" || pattern.hasPrefix("~/") {
            paths.append(home + pattern.dropFirst())
        } else if pattern.contains("/") {
            if pattern.hasPrefix("/"), base == nil {
                paths.append(pattern)
            } else if let base {
                paths.append(base + "/" + pattern.drop { $0 == "/" })
            }
        } else {
            names.append(pattern)
        }
    }
}

private extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
