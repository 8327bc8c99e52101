internal import FolioSystem
internal import Glibc

/// Tells systemd how the daemon is doing (`Type=notify`): READY once it serves, STATUS
/// lines with progress, STOPPING on the way out. Does nothing outside systemd.
///
/// Related documentation: <https://www.freedesktop.org/software/systemd/man/sd_notify.html>
struct SystemdNotifier {
    private let socketPath: String?

    init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func notify(_ message: String) {
        guard let socketPath else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let payload = Array(message.utf8)
        _ = UnixSocketAddress.with(socketPath) { address, length in sendto(descriptor, payload, payload.count, 0, address, length) }
    }
}
