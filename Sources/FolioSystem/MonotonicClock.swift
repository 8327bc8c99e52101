internal import Glibc

/// Time that only moves forward (CLOCK_MONOTONIC): for durations, rates and deadlines,
/// which a change of the wall clock must not upset.
public enum MonotonicClock {
    public static func milliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
