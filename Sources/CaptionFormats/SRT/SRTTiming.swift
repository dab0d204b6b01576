import CaptionModel

/// The timing line of an SRT cue, read as leniently as players do: one or more hour digits (or none),
/// `,` or `.` before a fraction of any length (or no fraction), spaces around the arrow optional,
/// and optional `X1:… X2:… Y1:… Y2:…` coordinates after it.
struct SRTTiming {
    var start: Milliseconds
    var end: Milliseconds
    var rect: CuePlacement.Rect?
    /// Text after the timing that is not coordinates; the reader warns about it.
    var trailing: Range<Int>?

    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SRTTiming? {
        var i = range.lowerBound
        let end = range.upperBound
        skipSpaces(b, &i, end)
        guard let start = timestamp(b, &i, end) else { return nil }
        skipSpaces(b, &i, end)
        guard i + 3 <= end, b[i] == 0x2D, b[i + 1] == 0x2D, b[i + 2] == 0x3E else { return nil } // "-->"
        i += 3
        skipSpaces(b, &i, end)
        guard let stop = timestamp(b, &i, end) else { return nil }
        var timing = SRTTiming(start: start, end: stop)
        skipSpaces(b, &i, end)
        if i < end {
            if let rect = coordinates(b, i, end) { timing.rect = rect } else { timing.trailing = i..<end }
        }
        return timing
    }

    /// `[H+:]MM:SS[(,|.)f+]` into milliseconds; advances `i` past it.
    static func timestamp(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Milliseconds? {
        if let (ms, length) = standardTimestamp(b, i, end) { i += length; return ms }
        return lenientTimestamp(b, &i, end)
    }

    /// The common `HH:MM:SS,mmm` shape, read at fixed offsets.
    @inline(__always)
    private static func standardTimestamp(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (Milliseconds, Int)? {
        guard i + 12 <= end, b[i + 2] == 0x3A, b[i + 5] == 0x3A, b[i + 8] == 0x2C || b[i + 8] == 0x2E else { return nil }
        // A 13th digit means a longer fraction: leave it to the lenient reader.
        guard i + 12 == end || b[i + 12] < 0x30 || b[i + 12] > 0x39 else { return nil }
        let h1 = b[i] &- 0x30, h2 = b[i + 1] &- 0x30, m1 = b[i + 3] &- 0x30, m2 = b[i + 4] &- 0x30
        let s1 = b[i + 6] &- 0x30, s2 = b[i + 7] &- 0x30, f1 = b[i + 9] &- 0x30, f2 = b[i + 10] &- 0x30, f3 = b[i + 11] &- 0x30
        guard max(h1, h2, m1, m2, s1, s2, max(f1, f2, f3)) < 10 else { return nil }
        let hours = Int(h1) * 10 + Int(h2), minutes = Int(m1) * 10 + Int(m2), seconds = Int(s1) * 10 + Int(s2)
        let ms = Int(f1) * 100 + Int(f2) * 10 + Int(f3)
        return (((hours * 60 + minutes) * 60 + seconds) * 1000 + ms, 12)
    }

    private static func lenientTimestamp(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Milliseconds? {
        var fields: (Int, Int, Int) = (0, 0, 0)
        var count = 0
        var j = i
        while true {
            let digitsStart = j
            var value = 0
            while j < end, b[j] >= 0x30, b[j] <= 0x39, j - digitsStart < 9 { value = value * 10 + Int(b[j] - 0x30); j += 1 }
            guard j > digitsStart else { return nil }
            switch count { case 0: fields.0 = value; case 1: fields.1 = value; default: fields.2 = value }
            count += 1
            if count < 3, j < end, b[j] == 0x3A { j += 1; continue } // ':'
            break
        }
        guard count >= 2 else { return nil }
        let (hours, minutes, seconds) = count == 3 ? fields : (0, fields.0, fields.1)
        var ms = 0
        if j < end, b[j] == 0x2C || b[j] == 0x2E { // ',' or '.'
            j += 1
            var fraction = 0, digits = 0
            while j < end, b[j] >= 0x30, b[j] <= 0x39 {
                if digits < 9 { fraction = fraction * 10 + Int(b[j] - 0x30); digits += 1 }
                j += 1
            }
            ms = CaptionTime.milliseconds(fraction: fraction, digits: digits)
        }
        i = j
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms
    }

    /// `X1:100 X2:600 Y1:20 Y2:80`, in any order, all four required.
    static func coordinates(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> CuePlacement.Rect? {
        var values: [UInt8: Int] = [:]
        var i = start
        while i < end {
            skipSpaces(b, &i, end)
            guard i + 3 < end else { break }
            let axis = b[i] | 0x20, index = b[i + 1]
            guard axis == 0x78 || axis == 0x79, index == 0x31 || index == 0x32, b[i + 2] == 0x3A else { return nil }
            i += 3
            var sign = 1
            if i < end, b[i] == 0x2D { sign = -1; i += 1 }
            let digitsStart = i
            var value = 0
            while i < end, b[i] >= 0x30, b[i] <= 0x39, i - digitsStart < 9 { value = value * 10 + Int(b[i] - 0x30); i += 1 }
            guard i > digitsStart else { return nil }
            values[axis << 4 | (index & 3)] = sign * value
        }
        guard let x1 = values[0x78 << 4 | 1], let x2 = values[0x78 << 4 | 2],
              let y1 = values[0x79 << 4 | 1], let y2 = values[0x79 << 4 | 2] else { return nil }
        return CuePlacement.Rect(x1: x1, x2: x2, y1: y1, y2: y2)
    }

    static func skipSpaces(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
    }

    /// `HH:MM:SS,mmm`, with as many hour digits as needed.
    static func format(_ ms: Milliseconds) -> String {
        let t = max(0, ms)
        let h = t / 3_600_000, m = t / 60_000 % 60, s = t / 1000 % 60, f = t % 1000
        return pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + "," + pad(f, 3)
    }

    static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
