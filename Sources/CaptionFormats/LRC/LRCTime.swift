import CaptionModel

/// LRC times: `mm:ss.xx` inside `[...]` (a line's start) or `<...>` (a word's start, enhanced LRC).
/// Read: minutes of any length, one or two second digits, then `.` or `:` and a fraction of any length
/// (`[mm:ss:xx]` is a common spelling of `[mm:ss.xx]`: after two fields, a `:` is the fraction's, never
/// an hours field) or no fraction at all. Written: `mm:ss.xx`, hundredths rounded from the absolute
/// millisecond time, so rounding never accumulates from line to line.
enum LRCTime {
    /// The time in `text` (the tag's inside, spaces around it allowed), or nil when it is not one.
    static func parse<S: StringProtocol>(_ text: S) -> Milliseconds? {
        let b = Array(text.utf8)
        var i = 0, end = b.count
        while i < end, b[i] == 0x20 { i += 1 }
        while end > i, b[end - 1] == 0x20 { end -= 1 }
        func digits(max: Int) -> (value: Int, count: Int) {
            var value = 0, count = 0
            while i < end, b[i] >= 0x30, b[i] <= 0x39 {
                if count < max { value = value * 10 + Int(b[i] - 0x30) }
                count += 1
                i += 1
            }
            return (value, count)
        }
        let minutes = digits(max: 7)
        guard (1...7).contains(minutes.count), i < end, b[i] == 0x3A else { return nil } // ':'
        i += 1
        let seconds = digits(max: 2)
        guard (1...2).contains(seconds.count), seconds.value < 60 else { return nil }
        var ms = 0
        if i < end, b[i] == 0x2E || b[i] == 0x3A { // '.' or ':'
            i += 1
            let fraction = digits(max: 9)
            guard fraction.count > 0 else { return nil }
            ms = CaptionTime.milliseconds(fraction: fraction.value, digits: min(fraction.count, 9))
        }
        guard i == end else { return nil }
        return (minutes.value * 60 + seconds.value) * 1000 + ms
    }

    /// `mm:ss.xx` (more minute digits past 99 minutes); negative times are written as 00:00.00.
    static func format(_ ms: Milliseconds) -> String {
        let centiseconds = (max(0, ms) + 5) / 10
        return SRTTiming.pad(centiseconds / 6000, 2) + ":" + SRTTiming.pad(centiseconds / 100 % 60, 2) + "."
            + SRTTiming.pad(centiseconds % 100, 2)
    }

    /// A time as the writer will round it (to the nearest hundredth, in milliseconds).
    static func rounded(_ ms: Milliseconds) -> Milliseconds { (max(0, ms) + 5) / 10 * 10 }
}
