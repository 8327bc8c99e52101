internal import Glibc

/// The library of tree-sitter parsers scripts/install-code-parsers.sh builds into a data
/// folder (`folio/tree-sitter`): where it is looked for, and what it was built from (its
/// `VERSION` file, a package a line). The document readers load it (`CodeParsers`);
/// `folioctl status` says whether it is there without loading it.
public struct CodeParsersInstall: Sendable, Equatable, Encodable {
    public static let fileName = "libfolio-code.so"

    /// The library file.
    public var library: String
    /// The grammars it holds (`python`, `c`), from its `VERSION` file.
    public var grammars: [String]

    /// Where the library is looked for, first found first: each data folder of `paths`.
    public static func candidates(in paths: FolioPaths) -> [String] {
        paths.dataDirectories.map { "\($0)/tree-sitter/\(fileName)" }
    }

    /// The first library of `candidates(in:)` that can be read, or `nil`.
    public static func find(in paths: FolioPaths) -> CodeParsersInstall? {
        guard let library = candidates(in: paths).first(where: { access($0, R_OK) == 0 }) else { return nil }
        let folder = String(library.dropLast(fileName.count + 1))
        let grammars = Self.lines(of: folder + "/VERSION").compactMap { line -> String? in
            guard let package = line.split(separator: " ").first, package.hasPrefix("tree-sitter-") else { return nil }
            return String(package.dropFirst("tree-sitter-".count))
        }
        return CodeParsersInstall(library: library, grammars: grammars)
    }

    /// The lines of a small text file; none when it cannot be read.
    private static func lines(of path: String) -> [Substring] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }
}
