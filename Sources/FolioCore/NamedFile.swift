/// A file known by its name alone (kind `file`): what the index records of it.
public struct NamedFile: Equatable, Sendable {
    public var path: String
    public var signature: FileSignature

    public init(path: String, signature: FileSignature) {
        self.path = path
        self.signature = signature
    }
}
