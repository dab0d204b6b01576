import CaptionModel

/// An SBV timing line, `H:MM:SS.mmm,H:MM:SS.mmm`: the start and end separated by a comma (which is
/// why the fraction must use a dot). Read leniently: any number of hour digits, a fraction of any
/// length or none (SubViewer 2 writes centiseconds), spaces around the comma.
struct SBVTiming {
    var start: Milliseconds
    var end: Milliseconds

    static func parse(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SBVTiming? {
        var i = range.lowerBound
        let end = range.upperBound
        SRTTiming.skipSpaces(b, &i, end)
        guard let start = timestamp(b, &i, end) else { return nil }
        SRTTiming.skipSpaces(b, &i, end)
        guard i < end, b[i] == 0x2C else { return nil } // ','
        i += 1
        SRTTiming.skipSpaces(b, &i, end)
        guard let stop = timestamp(b, &i, end) else { return nil }
        SRTTiming.skipSpaces(b, &i, end)
        return i == end ? SBVTiming(start: start, end: stop) : nil
    }

    /// `H+:MM:SS[.f+]`; advances `i` past it.
    static func timestamp(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> Milliseconds? {
        var fields: [Int] = []
        var j = i
        while fields.count < 3 {
            let digitsStart = j
            var value = 0
            while j < end, b[j] >= 0x30, b[j] <= 0x39, j - digitsStart < 9 { value = value * 10 + Int(b[j] - 0x30); j += 1 }
            guard j > digitsStart else { return nil }
            // Minutes and seconds are two digits, as YouTube writes them.
            if !fields.isEmpty, j - digitsStart != 2 { return nil }
            fields.append(value)
            if fields.count < 3 {
                guard j < end, b[j] == 0x3A else { return nil } // ':'
                j += 1
            }
        }
        guard fields[1] < 60, fields[2] < 60 else { return nil }
        var ms = 0
        if j < end, b[j] == 0x2E { // '.'
            j += 1
            var fraction = 0, digits = 0
            while j < end, b[j] >= 0x30, b[j] <= 0x39 {
                if digits < 9 { fraction = fraction * 10 + Int(b[j] - 0x30); digits += 1 }
                j += 1
            }
            guard digits > 0 else { return nil }
            ms = CaptionTime.milliseconds(fraction: fraction, digits: digits)
        }
        i = j
        return ((fields[0] * 60 + fields[1]) * 60 + fields[2]) * 1000 + ms
    }

    /// `H:MM:SS.mmm`, the hour as many digits as it needs (YouTube writes `0:00:01.000`).
    static func format(_ ms: Milliseconds) -> String {
        let t = max(0, ms)
        return String(t / 3_600_000) + ":" + SRTTiming.pad(t / 60_000 % 60, 2) + ":" + SRTTiming.pad(t / 1000 % 60, 2)
            + "." + SRTTiming.pad(t % 1000, 3)
    }
}
