internal import Glibc

/// Turns signals into bytes on a pipe the event loop polls, so signals are handled in the
/// loop like any other event (the self-pipe trick). `EventLoop` installs it.
enum SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The read end; each byte is a signal number.
    static func install(_ signals: [Int32]) -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        writeEnd = ends[1]
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        signal(SIGPIPE, SIG_IGN)
        // A parent that spawned us from a thread with these blocked (Foundation's Process
        // from a Swift concurrency thread does) passed the mask on: unblock them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return ends[0]
    }

    /// The signals received since the last call.
    static func drain(_ descriptor: Int32) -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 { return signals }
            signals += bytes[0..<count].map(Int32.init)
        }
    }
}
