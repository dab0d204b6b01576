import CaptionModel

/// WebVTT timestamps: `mm:ss.ttt` or `h…h:mm:ss.ttt`, read exactly as the spec's "collect a WebVTT
/// timestamp" (https://www.w3.org/TR/webvtt1/#collect-a-webvtt-timestamp) and written with all fields.
enum WebVTTTimestamp {
    /// Reads a timestamp starting at `b[i]`, leaving `i` just after it. Returns nil (with `i` somewhere
    /// inside) when the bytes there are not a timestamp. Times are exact in milliseconds, so no rounding.
    static func collect(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Milliseconds? {
        if let ms = standard(b, i, end: end) { i += 12; return ms }
        // First field: minutes, or hours when it is not exactly two digits or exceeds 59.
        let firstStart = i
        guard let value1 = digits(b, &i, end: end) else { return nil }
        let firstLength = i - firstStart
        // More than 12 digits of hours would overflow milliseconds in 64 bits; such a file is not
        // describing real media, so it is refused rather than wrapped.
        guard firstLength <= 12 else { return nil }
        let hoursFirst = firstLength != 2 || value1 > 59
        guard i < end, b[i] == 0x3A else { return nil }
        i += 1
        let secondStart = i
        guard let value2 = digits(b, &i, end: end), i - secondStart == 2 else { return nil }
        var hours = 0, minutes = value1, seconds = value2
        if hoursFirst || (i < end && b[i] == 0x3A) {
            guard i < end, b[i] == 0x3A else { return nil }
            i += 1
            let thirdStart = i
            guard let value3 = digits(b, &i, end: end), i - thirdStart == 2 else { return nil }
            hours = value1; minutes = value2; seconds = value3
        }
        guard i < end, b[i] == 0x2E else { return nil }
        i += 1
        let fractionStart = i
        guard let fraction = digits(b, &i, end: end), i - fractionStart == 3 else { return nil }
        guard minutes <= 59, seconds <= 59 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
    }

    /// The shape nearly every file uses, `hh:mm:ss.ttt`, read at fixed offsets; nil sends the caller
    /// to the general reading above (which also decides what is invalid).
    @inline(__always)
    private static func standard(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Milliseconds? {
        guard i + 12 <= end, b[i + 2] == 0x3A, b[i + 5] == 0x3A, b[i + 8] == 0x2E else { return nil }
        guard i + 12 == end || b[i + 12] &- 0x30 >= 10 else { return nil }
        let h1 = b[i] &- 0x30, h2 = b[i + 1] &- 0x30, m1 = b[i + 3] &- 0x30, m2 = b[i + 4] &- 0x30
        let s1 = b[i + 6] &- 0x30, s2 = b[i + 7] &- 0x30, f1 = b[i + 9] &- 0x30, f2 = b[i + 10] &- 0x30, f3 = b[i + 11] &- 0x30
        guard max(h1, h2, max(f1, f2, f3)) < 10, m1 < 6, s1 < 6, m2 < 10, s2 < 10 else { return nil }
        let hours = Int(h1) * 10 + Int(h2), minutes = Int(m1) * 10 + Int(m2), seconds = Int(s1) * 10 + Int(s2)
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + Int(f1) * 100 + Int(f2) * 10 + Int(f3)
    }

    /// A run of ASCII digits as an integer; nil when there is none. Digits past the 18th are consumed
    /// but not added (no overflow); every caller refuses runs that long by their length.
    @inline(__always)
    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Int? {
        let start = i
        var value = 0
        while i < end {
            let d = b[i] &- 0x30
            guard d < 10 else { break }
            if i - start < 18 { value = value &* 10 &+ Int(d) }
            i += 1
        }
        return i > start ? value : nil
    }

    /// `hh:mm:ss.ttt`, hours at least two digits. Negative times are written as zero (the caller warns).
    static func format(_ ms: Milliseconds) -> String {
        var out = ""
        append(ms, to: &out)
        return out
    }

    static func append(_ ms: Milliseconds, to out: inout String) {
        let t = max(0, ms)
        let hours = t / 3_600_000, minutes = t / 60_000 % 60, seconds = t / 1000 % 60, millis = t % 1000
        if hours < 10 { out += "0" }
        out += String(hours)
        func digit(_ d: Int) { out.unicodeScalars.append(Unicode.Scalar(UInt8(0x30 + d))) }
        out += ":"; digit(minutes / 10); digit(minutes % 10)
        out += ":"; digit(seconds / 10); digit(seconds % 10)
        out += "."; digit(millis / 100); digit(millis / 10 % 10); digit(millis % 10)
    }
}
