internal import Glibc

/// Puts text on the desktop's clipboard with the tool the session has: `wl-copy` on
/// Wayland, `xclip` or `xsel` on X11. Each keeps serving the clipboard in the background
/// after the call returns.
public enum Clipboard {
    public static func copy(_ text: String) throws(LaunchError) {
        _ = try ProgramRunner.output(try tool(), input: Array(text.utf8))
    }

    static func tool() throws(LaunchError) -> [String] {
        let candidates: [(variable: String, command: [String])] = [
            ("WAYLAND_DISPLAY", ["wl-copy"]),
            ("DISPLAY", ["xclip", "-selection", "clipboard"]),
            ("DISPLAY", ["xsel", "--clipboard", "--input"]),
        ]
        for candidate in candidates where getenv(candidate.variable) != nil && ProgramRunner.isInstalled(candidate.command[0]) {
            return candidate.command
        }
        throw .noClipboardTool
    }
}
