import Foundation

/// Where the built programs are: the test runner lives beside them (or below them).
public enum BuiltProducts {
    public static let directory: String = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("folioq").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.path
    }()
}
