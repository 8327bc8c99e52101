/// Makes paths absolute and canonical the way the index stores them: `.` and `..`
/// resolved lexically, repeated and trailing slashes removed, symbolic links kept as
/// written (the user's `~/Documents` stays `~/Documents` even if it is a link).
public enum AbsolutePath {
    public static func normalise(_ path: String, relativeTo directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is `folder` or below it (both normalised): `/a/bc` is not below `/a/b`.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder) && (path.utf8.count == folder.utf8.count || path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The file name of `path`: what follows its last `/` (all of it when it has none).
    /// Every file a walk finds asks for its name, so this looks for the one `/` from the
    /// end instead of splitting the path into an array of its components.
    public static func lastComponent(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// The extension of the file at `path`, lower case, without its dot; `nil` when its name
    /// has none (`.bashrc`, whose only dot starts it, has none).
    /// Looks at bytes, as `lastComponent` does: a walk asks it several times of each file.
    public static func fileExtension(_ path: String) -> String? {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }), bytes[dot] == UInt8(ascii: "."),
              dot != bytes.startIndex, bytes[bytes.index(before: dot)] != UInt8(ascii: "/") else { return nil }
        return path[bytes.index(after: dot)...].lowercased()
    }

    /// `path` as people read it: under `home`, starting with `~`.
    public static func abbreviated(_ path: String, home: String) -> String {
        home.count > 1 && path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
