internal import FolioCore

/// `file://` URIs for paths (RFC 8089), percent-encoded (`PercentEncoding`), so spaces, `#`
/// and non-ASCII names survive a browser or file manager.
public enum FileURI {
    public static func encode(_ path: String) -> String {
        "file://" + PercentEncoding.encode(path)
    }
}
