internal import Glibc

/// Which files and folders are never indexed: the configuration's `exclude` patterns and
/// the `.folioignore` files found on the way down.
///
/// A pattern without `/` matches a name at any depth (`node_modules`, `*.kdbx`); a pattern
/// with `/` (or a leading `~`) matches a path and everything below it (`~/.ssh`). Shell
/// wildcards (`*`, `?`, `[…]`) as `fnmatch(3)` reads them. In a `.folioignore`, path
/// patterns are relative to its folder; blank lines and `#` comments are skipped.
public struct ExcludeRules: Sendable, Equatable {
    /// Name patterns without wildcards, looked up rather than matched: every file a walk
    /// meets is checked against all the rules.
    private var literalNames: Set<String> = []
    private var wildcardNames: [NameRule] = []
    private var paths: [PathRule] = []

    /// A name pattern with wildcards: `*.kdbx` and `id_rsa*`, the usual ones, compared as
    /// bytes (what `fnmatch` without flags makes of them), every file a walk meets being
    /// checked against each; any other through `fnmatch`.
    private enum NameRule: Sendable, Equatable {
        case suffix([UInt8])
        case prefix([UInt8])
        case glob(String)

        init(_ pattern: String) {
            let bytes = Array(pattern.utf8)
            if bytes.first == UInt8(ascii: "*"), !ExcludeRules.hasWildcard(bytes.dropFirst()) {
                self = .suffix(Array(bytes.dropFirst()))
            } else if bytes.last == UInt8(ascii: "*"), !ExcludeRules.hasWildcard(bytes.dropLast()) {
                self = .prefix(Array(bytes.dropLast()))
            } else {
                self = .glob(pattern)
            }
        }

        func matches(_ name: String) -> Bool {
            switch self {
            case let .suffix(end): name.utf8.count >= end.count && name.utf8.suffix(end.count).elementsEqual(end)
            case let .prefix(start): name.utf8.starts(with: start)
            case let .glob(pattern): fnmatch(pattern, name, 0) == 0
            }
        }
    }

    /// A path pattern: the path itself and everything below it.
    private struct PathRule: Sendable, Equatable {
        var pattern: String
        var folder: String
        var wildcard: Bool

        init(_ pattern: String) {
            self.pattern = pattern
            folder = pattern.hasSuffix("/") ? pattern : pattern + "/"
            wildcard = ExcludeRules.hasWildcard(pattern.utf8)
        }

        func matches(_ path: String) -> Bool {
            path == pattern || path.utf8.starts(with: folder.utf8) || (wildcard && fnmatch(pattern, path, FNM_PATHNAME) == 0)
        }
    }

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
        if literalNames.contains(name) || wildcardNames.contains(where: { $0.matches(name) }) { return true }
        return paths.contains { $0.matches(path) }
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
            paths.append(PathRule(home + pattern.dropFirst()))
        } else if pattern.contains("/") {
            if pattern.hasPrefix("/"), base == nil {
                paths.append(PathRule(pattern))
            } else if let base {
                paths.append(PathRule(base + "/" + pattern.drop { $0 == "/" }))
            }
        } else if Self.hasWildcard(pattern.utf8) {
            wildcardNames.append(NameRule(pattern))
        } else {
            literalNames.insert(pattern)
        }
    }

    /// Whether `fnmatch(3)` reads `pattern` as more than itself.
    private static func hasWildcard(_ pattern: some Sequence<UInt8>) -> Bool {
        pattern.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\") }
    }
}

private extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
