internal import Glibc

/// Starting other programs with `posix_spawn`: an empty signal mask and default signal
/// handlers (a child spawned from a thread that blocks SIGTERM would otherwise never
/// receive one), standard input and output as the caller chooses (`/dev/null` otherwise),
/// and the caller's standard error unless it names another, so what a child complains of
/// reaches the same log.
public enum ChildProcess {
    /// Starts `arguments[0]` with `arguments[1...]`; a name without `/` is looked up in
    /// `PATH`. `newSession` detaches it (setsid, and no descriptor of the caller's but the
    /// three standard ones), so it outlives the caller and is not stopped with the caller's
    /// terminal or service. The caller waits for the child.
    public static func spawn(_ arguments: [String], standardInput: Int32? = nil, standardOutput: Int32? = nil,
                             standardError: Int32? = nil, newSession: Bool = false) throws(SystemError) -> Int32 {
        guard let program = arguments.first, !program.isEmpty else {
            throw SystemError(operation: "posix_spawn", path: "(no program)", code: EINVAL)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, source, flags) in [(Int32(0), standardInput, O_RDONLY), (1, standardOutput, O_WRONLY)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
            }
        }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        if newSession {
            // Nothing else of the caller's: a descriptor it inherited (a pipe or socket its
            // own caller waits on to close, as Foundation's Process does) would stay open
            // as long as the detached program runs.
            for descriptor in openDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newSession { flags |= Self.spawnNewSession }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SystemError(operation: "start", path: program, code: result) }
        return pid
    }

    /// The executable `program` in the first of `folders` (`PATH`'s unless given) that holds
    /// one; a name with a `/` is that file. `nil`: not installed.
    public static func locate(_ program: String, in folders: [String]? = nil) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let folders = folders ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init)
        return folders.lazy.map { $0 + "/" + program }.first { access($0, X_OK) == 0 }
    }

    /// Starts a program with pipes to its standard input and from its standard output,
    /// and returns its process id and the caller's ends of the two pipes.
    public static func spawnWithPipes(_ arguments: [String]) throws(SystemError) -> (pid: Int32, input: Int32, output: Int32) {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        let program = arguments.first ?? ""
        _ = try systemCall("pipe", path: program) { pipe(&toChild) }
        do {
            _ = try systemCall("pipe", path: program) { pipe(&fromChild) }
        } catch {
            toChild.forEach { close($0) }
            throw error
        }
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        defer {
            close(toChild[0])
            close(fromChild[1])
        }
        do {
            let pid = try spawn(arguments, standardInput: toChild[0], standardOutput: fromChild[1])
            return (pid, toChild[1], fromChild[0])
        } catch {
            close(toChild[1])
            close(fromChild[0])
            throw error
        }
    }

    /// Runs a program to its end, giving it `input` on its standard input, and returns its
    /// exit status and what it wrote on standard output. A program that writes more than
    /// `outputLimit` bytes is killed there: its output is then longer than the limit.
    public static func run(_ arguments: [String], input: [UInt8] = [],
                           outputLimit: Int = .max) throws(SystemError) -> (status: Int32, output: [UInt8]) {
        let child = try spawnWithPipes(arguments)
        // The input is small (a path, a few menu rows): it fits the pipe, so writing it all
        // before reading cannot deadlock against a child that writes first.
        let previous = signal(SIGPIPE, SIG_IGN)
        try? FileDescriptor.writeAll(input, to: child.input)
        signal(SIGPIPE, previous)
        close(child.input)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while let count = try? buffer.withUnsafeMutableBytes({ bytes throws(SystemError) in
            try systemCall("read", path: arguments.first ?? "") { read(child.output, bytes.baseAddress!, bytes.count) }
        }), count > 0 {
            output += buffer[0..<count]
            if output.count > outputLimit {
                kill(child.pid, SIGKILL)
                break
            }
        }
        close(child.output)
        return (try wait(child.pid, program: arguments.first ?? ""), output)
    }

    /// The descriptors open in this process above standard error (and the one the listing
    /// itself used, closed by then: glibc's spawn passes over closing a descriptor that is
    /// not open).
    private static func openDescriptors() -> [Int32] {
        ((try? Directory.entries(of: "/proc/self/fd")) ?? []).compactMap { $0.name.flatMap { Int32($0) } }.filter { $0 > 2 }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which its headers show only to
    /// `_GNU_SOURCE` code and so not to Swift.
    private static let spawnNewSession: Int32 = 0x80

    /// Waits for a child to end and returns its status as `waitpid` gives it.
    public static func wait(_ pid: Int32, program: String) throws(SystemError) -> Int32 {
        var status: Int32 = 0
        _ = try systemCall("waitpid", path: program) { waitpid(pid, &status, 0) }
        return status
    }

    /// "killed by signal 11 (Segmentation fault)" or "exited with status 3".
    public static func describe(exitStatus status: Int32) -> String {
        let signal = status & 0x7F
        if signal != 0 { return "killed by signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "exited with status \((status >> 8) & 0xFF)"
    }
}
