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

    /// `h:mm:ss.cc` (any number of fraction digits) to milliseconds; nil for anything else. What the ASS
    /// reader reads, and what `mux` reads a compiled script's Dialogue lines with.
    public static func milliseconds(_ text: Substring) -> Milliseconds? {
        // At most nine digits a field, as the SRT reader allows: the sum then stays far inside `Int`
        // (a 15-digit hour once overflowed it).
        func field(_ s: Substring) -> Int? { s.utf8.count <= 9 ? Int(s).flatMap { $0 >= 0 ? $0 : nil } : nil }
        let hms = text.assTrimming(" \t").split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 3, let h = field(hms[0]), let m = field(hms[1]) else { return nil }
        let secParts = hms[2].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(secParts.count), let s = field(secParts[0]) else { return nil }
        var fraction = 0
        if secParts.count == 2 {
            let digits = secParts[1]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let f = field(digits) else { return nil }
            fraction = CaptionTime.milliseconds(fraction: f, digits: digits.count)
        }
        return ((h * 60 + m) * 60 + s) * 1000 + fraction
    }

    /// `h:mm:ss.cc` from milliseconds rounded to the nearest centisecond.
    public static func clock(_ ms: Milliseconds) -> String { clock(centiseconds: centiseconds(ms)) }
}
