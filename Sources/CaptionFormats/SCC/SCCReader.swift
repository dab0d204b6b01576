import CaptionModel

/// Reads an SCC file: each line's time code names the frame its first byte pair is sent in, and the
/// k-th pair of the line goes k frames later (one pair a frame, as line 21 carries them). The pairs
/// go, in order, through a `CEA608Decoder` for field 1 (an SCC file carries field 1 only, so CC3 and
/// CC4 are empty in it), and what the decoder shows becomes the events.
///
/// - Frame rate: `ReadOptions.frameRate`, else 30000/1001. Both `HH:MM:SS:FF` and drop-frame
///   `HH:MM:SS;FF` count frames of that stream (`SCCTimecode`), so 01:00:00:00 is 3603.6 s.
/// - A line whose time code comes before the previous line's pairs are all sent: its pairs follow
///   them instead, one a frame, in file order, as a decoder receiving the stream would get them (a
///   608 stream carries one pair a frame). ttconv takes the time code as it is, so its clock runs
///   back and the pairs of the two lines interleave in time; ffmpeg's demuxer makes each line one
///   packet at its time code and sorts the packets by time. Warned once, with the first such line
///   and the count.
/// - A line without a time code is skipped with a warning; a word that is not four hex digits takes
///   its frame as padding, so the pairs after it keep their frames, and is warned about.
enum SCCReader {
    static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult {
        var diagnostics = text.diagnostics
        var decoder = CEA608Decoder(channel: options.channel)
        var channels = CEA608Channels()
        let rate = options.frameRate ?? SCCClock.ntsc.rate
        let clock = SCCClock(rate: rate)
        var lineStarts: [(time: Milliseconds, line: Int32)] = []
        var pairCount = 0
        var late: (line: Int, timecode: SCCTimecode, frames: Int, count: Int)?
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(b)
            var sawContent = false
            var nextFrame: Int?
            while let range = scanner.next() {
                guard !b.isBlank(range) else { continue }
                let number = scanner.lineNumber
                if !sawContent {
                    sawContent = true
                    if isHeader(b, range) { continue }
                    diagnostics.append(.warning(line: number, "no 'Scenarist_SCC V1.0' header line; read as SCC all the same"))
                }
                guard let (timecode, wordsStart) = timecode(b, range) else {
                    let shown = b.string(range.prefix(40))
                    diagnostics.append(.warning(line: number, "'\(shown)\(range.count > 40 ? "…" : "")' is not an SCC line (a time code, a tab, then byte pairs like 9420); line skipped"))
                    continue
                }
                var frame = frameNumber(timecode, rate: rate)
                if let next = nextFrame, frame < next {
                    if let first = late { late?.count = first.count + 1 } else { late = (number, timecode, next - frame, 1) }
                    frame = next
                }
                lineStarts.append((milliseconds(clock, frame), Int32(clamping: number)))
                var k = 0
                var badWord: String?
                forEachWord(b, wordsStart..<range.upperBound) { word in
                    defer { k += 1 }
                    guard let (first, second) = pair(b, word) else {
                        if badWord == nil { badWord = b.string(word.prefix(12)) }
                        return
                    }
                    decoder.feed(field: 1, first, second, at: milliseconds(clock, frame + k))
                    channels.add(field: 1, first, second)
                    pairCount += 1
                }
                if let badWord {
                    diagnostics.append(.warning(line: number, "'\(badWord)' is not a byte pair (four hex digits); it takes its frame as padding"))
                }
                nextFrame = frame + k
            }
        }
        if let late {
            let more = late.count > 1 ? " (\(late.count) lines in all)" : ""
            diagnostics.append(.warning(line: late.line, "time code \(late.timecode) comes \(late.frames) frame\(late.frames == 1 ? "" : "s") before the previous line's byte pairs are all sent; its pairs follow them, one a frame\(more)"))
        }
        let events = decoder.finish(at: nil)
        diagnostics += decoder.diagnostics
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, emptyMessage(text.sourceName, options.channel, pairs: pairCount, channels: channels))
        }
        let lines = events.map { event in line(of: event.start, in: lineStarts) }
        return ParseResult(document: CaptionDocument(events: events), diagnostics: diagnostics, eventLines: lines)
    }

    static func isHeader(_ b: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        var start = line.lowerBound
        while start < line.upperBound, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        return b.hasPrefix("Scenarist_SCC", in: start..<line.upperBound)
    }

    /// Why there is nothing to show: no byte pairs at all, a field-2 channel SCC cannot carry, or a
    /// channel that never shows anything, with the channels the file does address.
    private static func emptyMessage(_ name: String, _ channel: CEA608Channel, pairs: Int, channels: CEA608Channels) -> String {
        guard pairs > 0 else { return "\(name): no SCC caption data (no line like '00:00:01:00<tab>9420 9420 ...')" }
        let present = channels.names.isEmpty ? "none" : channels.names.joined(separator: ", ")
        if channel.field == 2 {
            return "\(name): no captions on \(channel): an SCC file carries line-21 field 1 only (CC1, CC2); channels in this file: \(present)"
        }
        return "\(name): nothing is ever shown on \(channel) (channels in this file: \(present); choose one with --channel)"
    }

    /// The time code at the start of the line and where the words after it begin.
    private static func timecode(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (SCCTimecode, Int)? {
        var i = range.lowerBound
        while i < range.upperBound, isSpace(b[i]) { i += 1 }
        let start = i
        while i < range.upperBound, !isSpace(b[i]) { i += 1 }
        guard i - start == 11, let timecode = SCCTimecode.parse(Substring(b.string(start..<i))) else { return nil }
        return (timecode, i)
    }

    private static func forEachWord(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, isSpace(b[i]) { i += 1 }
            let start = i
            while i < range.upperBound, !isSpace(b[i]) { i += 1 }
            if i > start { body(start..<i) }
        }
    }

    private static func pair(_ b: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> (UInt8, UInt8)? {
        guard word.count == 4 else { return nil }
        var value: UInt16 = 0
        for i in word {
            guard let digit = hexDigit(b[i]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return (UInt8(value >> 8), UInt8(value & 0xFF))
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// The frame a time code names at `rate`: `SCCTimecode.frameNumber` at 29.97 and 30; other rates
    /// count their own whole frames a second (25 for `--fps 25`), dropping frames only at NTSC rates.
    static func frameNumber(_ t: SCCTimecode, rate: FrameRate) -> Int {
        let nominal = max(1, Int((Double(rate.numerator) / Double(rate.denominator)).rounded()))
        if nominal == 30 { return t.frameNumber }
        var n = ((t.hours * 60 + t.minutes) * 60 + t.seconds) * nominal + t.frames
        if t.dropFrame, rate.denominator == 1001, nominal % 30 == 0 {
            let minutes = t.hours * 60 + t.minutes
            n -= (nominal / 15) * (minutes - minutes / 10)
        }
        return n
    }

    private static func milliseconds(_ clock: SCCClock, _ frame: Int) -> Milliseconds {
        Milliseconds(clock.milliseconds(frame: frame).rounded(.toNearestOrAwayFromZero))
    }

    /// The line whose pairs began at or before `time` (lines start in time order).
    private static func line(of time: Milliseconds, in starts: [(time: Milliseconds, line: Int32)]) -> Int32 {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? starts[low - 1].line : (starts.first?.line ?? 0)
    }
}
