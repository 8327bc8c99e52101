/// A glob over files' names (`*.zip`, `budget-20??.*`, `[Rr]eport*`), matched without
/// regard to case, as `locate -i -b` matches: `folioq --name`. A name is a path's last
/// component, kept for every file in a trigram index (`file_name`,
/// `v0012_file_names.sql`).
public struct NamePattern: Sendable, Equatable, Hashable, Codable {
    /// The glob as given.
    public let glob: String

    /// `nil` for an empty pattern or one with a `/` (a name has none: `--path` narrows by
    /// folder).
    public init?(_ glob: String) {
        guard !glob.isEmpty, !glob.contains("/") else { return nil }
        self.glob = glob
    }

    /// The glob as a LIKE pattern that matches at least what it matches: LIKE's own `%`
    /// and `_` in a name stand for themselves in the glob, here for any one character.
    public var like: String {
        var pattern = ""
        var inClass = false
        for character in glob {
            if inClass {
                if character == "]" { inClass = false }
                continue
            }
            switch character {
            case "*": pattern += "%"
            case "?": pattern += "_"
            case "[":
                inClass = true
                pattern += "_"
            case "%", "_": pattern += "_"
            default: pattern.append(character)
            }
        }
        return pattern
    }
}
