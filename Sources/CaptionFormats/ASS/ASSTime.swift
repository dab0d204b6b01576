import CaptionModel

/// ASS clock times, which have centisecond precision. Every boundary is rounded from its absolute
/// time on its own, so rounding never accumulates (karaoke durations are differences of rounded
/// absolute times). The ASS writer and the preset compiler in CaptionASS both use this.
public enum ASSTime {
    /// An absolute time in whole centiseconds, halves up; negative times are 0.
    public static func centiseconds(_ ms: Milliseconds) -> Int { ms <= 0 ? 0 : (ms + 5) / 10 }

    /// `h:mm:ss.cc` from centiseconds.
    public static func clock(centiseconds cs: Int) -> String {
        let h = cs / 360_000, m = cs / 6000 % 60, s = cs / 100 % 60, c = cs % 100
        return "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s).\(c < 10 ? "0" : "")\(c)"
    }

    /// `h:mm:ss.cc` from milliseconds rounded to the nearest centisecond.
    public static func clock(_ ms: Milliseconds) -> String { clock(centiseconds: centiseconds(ms)) }
}
