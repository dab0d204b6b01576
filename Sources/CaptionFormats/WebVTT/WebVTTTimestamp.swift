import CaptionModel

/// WebVTT timestamps: `mm:ss.ttt` or `h…h:mm:ss.ttt`, read exactly as the spec's "collect a WebVTT
/// timestamp" (https://www.w3.org/TR/webvtt1/#collect-a-webvtt-timestamp) and written with all fields.
enum WebVTTTimestamp {
    /// Reads a timestamp starting at `b[i]`, leaving `i` just after it. Returns nil (with `i` somewhere
    /// inside) when the bytes there are not a timestamp. Times are exact in milliseconds, so no rounding.
    static func collect(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Milliseconds? {
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
