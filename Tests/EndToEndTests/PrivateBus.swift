import Foundation

/// A private D-Bus session bus (Debian's `dbus-daemon`) for one test, with a folder of
/// activatable services, so the launcher tests use real D-Bus and real activation without
/// touching the desktop's bus.
final class PrivateBus {
    let address: String
    private let daemon: Process

    /// Starts the bus; services it activates get `environment`, as on a desktop they get
    /// the session's.
    init(home: String, servicesDirectory: String, environment: [String: String]) throws {
        let configuration = home + "/bus.conf"
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
              "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(home)/bus</listen>
              <servicedir>\(servicesDirectory)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let output = Pipe()
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=" + configuration, "--nofork", "--print-address=1"]
        daemon.environment = environment
        daemon.standardOutput = output
        try daemon.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed no address"]) }
            line += chunk
        }
        address = String(decoding: line.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM. The
    /// services on the bus exit when it closes.
    deinit {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }
}
