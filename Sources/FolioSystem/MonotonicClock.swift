internal import Glibc

/// Time that only moves forward (CLOCK_MONOTONIC): for durations, rates and deadlines,
/// which a change of the wall clock must not upset.
public enum MonotonicClock {
    public static func milliseconds() -> Int64 {
        let time = now()
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// With the fraction: for timings reported to the tenth of a millisecond.
    public static func seconds() -> Double {
        let time = now()
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The milliseconds since `start`, a reading of `seconds()`.
    public static func milliseconds(since start: Double) -> Double {
        (seconds() - start) * 1000
    }

    private static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }
}
