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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        var payload = Array(message.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(descriptor, &payload, payload.count, 0, $0, length) }
        }
    }
}
