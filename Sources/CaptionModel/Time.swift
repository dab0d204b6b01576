/// Every time in CaptionKit is an integer count of milliseconds from the start of the media.
///
/// Rounding rule (the only one): a time given in a finer or fractional unit (seconds as a
/// floating-point number, microseconds, more than three fraction digits) becomes milliseconds by
/// rounding to the nearest millisecond, halves away from zero. `1.0005 s` is 1001 ms, `-0.0005 s` is -1 ms.
public typealias Milliseconds = Int

public enum CaptionTime {
    /// `h:mm:ss.mmm` (negative times are 0): how messages name a time, and a clock the ASS reader
    /// reads to the millisecond.
    public static func clock(_ ms: Milliseconds) -> String {
        let t = max(0, ms)
        let h = t / 3_600_000, m = t / 60_000 % 60, s = t / 1000 % 60, f = t % 1000
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(h):\(two(m)):\(two(s)).\(f < 10 ? "00" : f < 100 ? "0" : "")\(f)"
    }

    /// Seconds to milliseconds under the rounding rule; nil for NaN, infinities and values beyond ±2^53 ms.
    public static func milliseconds(fromSeconds seconds: Double) -> Milliseconds? {
        guard seconds.isFinite else { return nil }
        let ms = (seconds * 1000).rounded(.toNearestOrAwayFromZero)
        guard abs(ms) < 9_007_199_254_740_992 else { return nil }
        return Milliseconds(ms)
    }

    /// A decimal fraction of a second written with `digits` digits (`5` with 1 digit is 500 ms,
    /// `1234` with 4 digits is 123.4 ms, which rounds to 123), under the rounding rule.
    public static func milliseconds(fraction: Int, digits: Int) -> Milliseconds {
        switch digits {
        case 0: return 0
        case 1: return fraction * 100
        case 2: return fraction * 10
        case 3: return fraction
        default:
            var divisor = 1
            for _ in 0..<(digits - 3) { divisor *= 10 }
            return (fraction + divisor / 2) / divisor
        }
    }
}
