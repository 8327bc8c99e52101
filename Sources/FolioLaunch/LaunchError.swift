internal import FolioSystem

/// Why a launcher could not do what was asked, with what to do about it.
public enum LaunchError: Error, CustomStringConvertible, Equatable {
    /// A result id that no search of this process gave and that does not name an indexed file.
    case unknownResult(id: String)
    /// The program that opens a file, folder or results page could not be started.
    case cannotStart(command: [String], reason: String)
    /// A program that had to finish (a clipboard tool, `xdg-mime`) failed.
    case failed(command: [String], reason: String)
    /// No program to put text on the clipboard.
    case noClipboardTool
    /// The results page could not be written.
    case cannotWrite(path: String, reason: String)
    /// The file to open is not there: on a drive that is not connected, or gone.
    case notThere(path: String)

    public var description: String {
        switch self {
        case let .unknownResult(id):
            "unknown result \"\(id)\": not a result of this search provider and not a file in the index"
        case let .cannotStart(command, reason):
            "cannot start \(command.joined(separator: " ")): \(reason); check [open] in config.toml, or install xdg-utils"
        case let .failed(command, reason):
            "\(command.joined(separator: " ")) failed: \(reason)"
        case .noClipboardTool:
            "no clipboard program: install wl-clipboard (Wayland) or xclip (X11)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .notThere(path):
            "\(path) is not there: if it is on a drive or share, connect it; if it was deleted, the index drops it once foliod sees that"
        }
    }

    static func failed(_ command: [String], _ error: SystemError) -> LaunchError {
        .failed(command: command, reason: error.reason)
    }
}
