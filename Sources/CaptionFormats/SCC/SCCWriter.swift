import CaptionModel

/// Writes Scenarist SCC: `Scenarist_SCC V1.0`, a blank line, then one line per run of consecutive
/// frames of the CEA-608 schedule, `TIMECODE<tab>9420 9420 94ae ...`, lines separated by blank lines.
///
/// The rate: nil or 29.97 (30000/1001, the rate of line-21 captions) writes drop-frame time codes
/// (`;`), which keep to clock time, unless `WriteOptions.dropFrame` is false (29.97 non-drop `:`, as
/// many SCC files are); 30 writes non-drop codes counting true 30 fps frames. Other rates are refused:
/// SCC readers (ttconv, pycaption, ffmpeg) count 29.97 fps. Note that they read any `:` code as
/// 29.97 non-drop, so a file written at 30 drifts 3.6 s an hour against them.
///
/// SCC carries field 1 (CC1, CC2) only; CC3 and CC4 are refused here (a video's caption track can
/// carry them: `CEA608Encoder` encodes them).
public enum SCCWriter {
    public static let header = "Scenarist_SCC V1.0"
    /// Gaps of up to this many frames inside a line are filled with padding (8080) rather than
    /// starting a new line with its own time code.
    static let maxPaddingGap = 3
    /// A run longer than this many pairs continues on a new line (readers cope with long lines, but
    /// editors and people read shorter ones better).
    static let maxPairsPerLine = 64

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        let sink = ByteSink(capacity: 64 + document.events.count * 160)
        let diagnostics = write(document, options: options, into: sink)
        return WriteResult(text: sink.string, diagnostics: diagnostics)
    }

    /// The clock and time-code kind the options ask for, or an error message.
    static func timing(_ options: WriteOptions) -> (clock: SCCClock, dropFrame: Bool)? {
        guard let rate = options.frameRate else { return (.ntsc, options.dropFrame ?? true) }
        if rate.numerator == 30000, rate.denominator == 1001 { return (.ntsc, options.dropFrame ?? true) }
        if rate.numerator == 30, rate.denominator == 1, options.dropFrame != true { return (SCCClock(rate: rate), false) }
        return nil
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        guard options.channel.field == 1 else {
            return [Diagnostic(.error, line: nil, "SCC carries CC1 and CC2 only (line 21 field 1); \(options.channel) is in field 2")]
        }
        guard let (clock, dropFrame) = timing(options) else {
            let asked = options.frameRate.map { "\($0)" } ?? "29.97"
            return [Diagnostic(.error, line: nil, "SCC is written at 29.97 fps (drop-frame or non-drop) or 30 fps (non-drop), not \(asked)\(options.dropFrame == true ? " drop-frame" : "")")]
        }
        let mode = options.ccMode ?? defaultMode(document)
        let schedule = CEA608Encoder.encode(document, mode: mode, channel: options.channel, clock: clock)
        sink.appendString(header + "\n")
        let pairs = schedule.pairs
        // A gap wider than the padding always starts a new line, so the lines on either side of one
        // do not depend on each other: a long schedule is cut there and its parts formatted on
        // every core, then written in order.
        let parts = segments(pairs, count: pairs.count > 50_000 ? 8 : 1)
        for text in ParallelSlots.map(parts.count, { format(pairs[parts[$0]], dropFrame: dropFrame) }) {
            text.withUnsafeBufferPointer { sink.append($0) }
        }
        return schedule.diagnostics + assLosses(document)
    }

    /// What of a script read from ASS line-21 captions leave out. The encoder keeps the text, the
    /// spans it can (italics, underline, colours), each event's own `\an` and (rolling up) its words;
    /// the rest is reported.
    static func assLosses(_ document: CaptionDocument) -> [Diagnostic] {
        guard ASSFeatureLoss.applies(to: document) else { return [] }
        var lost = LostFeatures()
        ASSFeatureLoss.noteScript(document, keptKeys: [], holds: [], into: &lost)
        let ass = ASSFeatureLoss(document)
        for (n, event) in document.events.enumerated() {
            guard let fields = event.ass else { continue }
            lost.event = n
            ass.note(event, fields, holds: [], into: &lost)
            if event.placement?.point != nil { lost.note("positions (\\pos)") }
        }
        return lost.diagnostics(format: "SCC")
    }

    /// `pairs` cut into about `count` ranges, each beginning where a new line must begin anyway.
    static func segments(_ pairs: [CEA608Schedule.Pair], count: Int) -> [Range<Int>] {
        var bounds = [0]
        let step = max(1, pairs.count / max(1, count))
        var i = step
        while i < pairs.count {
            // The next gap the padding does not fill, at or after the i-th pair.
            while i < pairs.count, pairs[i].frame - pairs[i - 1].frame - 1 <= maxPaddingGap { i += 1 }
            guard i < pairs.count else { break }
            bounds.append(i)
            i += step
        }
        bounds.append(pairs.count)
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The lines of `pairs`: each a blank line, a time code, a tab and the pairs in hex.
    static func format(_ pairs: ArraySlice<CEA608Schedule.Pair>, dropFrame: Bool) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(pairs.count * 5 + pairs.count / 8 * 14)
        var i = pairs.startIndex
        while i < pairs.endIndex {
            text.append(0x0A)
            appendTimecode(SCCTimecode(frameNumber: pairs[i].frame, dropFrame: dropFrame), to: &text)
            text.append(0x09)
            var frame = pairs[i].frame
            var count = 0
            repeat {
                while frame < pairs[i].frame { appendHex(0x80, 0x80, to: &text); text.append(0x20); frame += 1; count += 1 }
                appendHex(pairs[i].first, pairs[i].second, to: &text)
                frame += 1; count += 1; i += 1
                guard i < pairs.endIndex, pairs[i].frame - frame <= maxPaddingGap, count < maxPairsPerLine else { break }
                text.append(0x20)
            } while true
            text.append(0x0A)
        }
        return text
    }

    /// Roll-up for word-timed input (captions that grow as words are spoken), pop-on otherwise.
    static func defaultMode(_ document: CaptionDocument) -> CEA608Mode {
        document.events.contains { !$0.isPlain && !$0.words.isEmpty } ? .rollUp : .popOn
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendHex(_ a: UInt8, _ b: UInt8, to line: inout [UInt8]) {
        hexDigits.withUnsafeBufferPointer { digits in
            line.append(digits[Int(a >> 4)]); line.append(digits[Int(a & 15)])
            line.append(digits[Int(b >> 4)]); line.append(digits[Int(b & 15)])
        }
    }

    /// `HH:MM:SS:FF` or `HH:MM:SS;FF`.
    private static func appendTimecode(_ t: SCCTimecode, to line: inout [UInt8]) {
        func two(_ v: Int) { line.append(0x30 + UInt8(v / 10 % 10)); line.append(0x30 + UInt8(v % 10)) }
        two(t.hours); line.append(0x3A)
        two(t.minutes); line.append(0x3A)
        two(t.seconds); line.append(t.dropFrame ? 0x3B : 0x3A)
        two(t.frames)
    }
}
