import CaptionFormats
import CaptionModel
import Foundation
import CaptionExpectations
import Testing

/// The encoder's byte pairs, decoded by the toolkit's own 608 decoder one pair a frame as a receiver
/// would get them: every caption of `Corpus/broadcast/roundtrip.srt` comes back with its text, on
/// screen at its start (from the frame showing it, never the one after) and gone within a frame of
/// its end, in each mode, channel and rate. This is the check of the pop-on preload: a caption whose
/// loading had not finished by its start would come back late or garbled.
@Suite struct CEA608ScheduleTests {
    static func source() throws -> CaptionDocument {
        try CaptionFileReader.read(path: CorpusLocation.path("broadcast/roundtrip.srt")).document
    }

    static func decoded(_ schedule: CEA608Schedule, channel: CEA608Channel, clock: SCCClock) -> [CaptionEvent] {
        var decoder = CEA608Decoder(channel: channel)
        for pair in schedule.pairs {
            decoder.feed(field: channel.field, pair.first, pair.second, at: Milliseconds(clock.milliseconds(frame: pair.frame).rounded()))
        }
        return decoder.finish(at: nil)
    }

    static func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test(arguments: [(CEA608Channel.cc1, 30000), (.cc2, 30000), (.cc3, 30000), (.cc4, 30000), (.cc1, 30 * 1001)])
    func popOnCaptionsAreOnScreenAtTheirStart(channel: CEA608Channel, numerator: Int) throws {
        let clock = SCCClock(rate: FrameRate(numerator: numerator, denominator: 1001)!)
        let frame = clock.milliseconds(frame: 1)
        let document = try Self.source()
        let schedule = CEA608Encoder.encode(document, mode: .popOn, channel: channel, clock: clock)
        expectTrue(schedule.diagnostics.isEmpty, "\(schedule.diagnostics)")
        let events = Self.decoded(schedule, channel: channel, clock: clock)
        expectEqual(events.map { Self.words($0.text.plain) }, document.events.map { Self.words($0.text.plain) })
        for (got, want) in zip(events, document.events) {
            expectTrue(got.start <= want.start && Double(want.start - got.start) < frame + 1, "\(channel): \(got.start) for \(want.start)")
            expectTrue(Double(abs(got.end - want.end)) < frame + 1, "\(channel): ends \(got.end) for \(want.end)")
        }
    }

    /// Paint-on shows text as it arrives: each caption is painted so that its last character lands on
    /// its start frame, so the whole caption is on screen at its start. (Painting it takes time, and
    /// a caption right after another begins painting over it before it ends: that is paint-on.)
    @Test func paintOnCaptionsAreCompleteAtTheirStart() throws {
        let clock = SCCClock.ntsc
        let document = try Self.source()
        let events = Self.decoded(CEA608Encoder.encode(document, mode: .paintOn, channel: .cc1, clock: clock), channel: .cc1, clock: clock)
        for want in document.events {
            let shown = events.filter { $0.start <= want.start + 1 && $0.end > want.start }.map { Self.words($0.text.plain) }
            expectEqual(shown, [Self.words(want.text.plain)], "at \(want.start) the screen shows \(shown)")
        }
    }

    /// Roll-up scrolls rows in from the bottom as a live captioner would: a caption's first row is on
    /// screen from its start, the next ones follow one after another (about 20 frames a full row), and
    /// the whole caption is on screen before it ends.
    @Test func rollUpRowsStartAtTheCaptionsStart() throws {
        let clock = SCCClock.ntsc
        let document = try Self.source()
        let events = Self.decoded(CEA608Encoder.encode(document, mode: .rollUp, channel: .cc1, clock: clock), channel: .cc1, clock: clock)
        func screen(at t: Milliseconds) -> String {
            Self.words(events.filter { $0.start <= t && $0.end > t }.map(\.text.plain).joined(separator: " "))
        }
        for want in document.events {
            let rows = want.text.plain.split(separator: "\n").map { Self.words(String($0)) }
            expectTrue(screen(at: want.start + 1).hasSuffix(rows[0]), "at \(want.start): \(screen(at: want.start + 1))")
            expectTrue(screen(at: want.end - 40).hasSuffix(rows.joined(separator: " ")), "before \(want.end): \(screen(at: want.end - 40))")
        }
    }

    /// The SCC file itself, read back by the toolkit's reader: SRT -> SCC -> SRT keeps the texts and
    /// the times within a frame at 29.97 drop-frame, 29.97 non-drop and 30 non-drop.
    @Test(arguments: [("29.97", true), ("29.97", false), ("30", false)])
    func srtToSCCToSRT(rate: String, dropFrame: Bool) throws {
        let document = try Self.source()
        var options = WriteOptions()
        options.frameRate = FrameRate(parsing: rate)
        options.dropFrame = dropFrame
        let scc = SCCFormat.write(document, options: options)
        expectTrue(scc.diagnostics.isEmpty, "\(scc.diagnostics)")
        expectTrue(scc.text.contains(dropFrame ? ";" : ":") && (dropFrame || !scc.text.contains(";")))
        let back = try SCCFormat.read(DecodedText(scc.text), options: ReadOptions(frameRate: FrameRate(parsing: rate))).document
        let frame = 1000 / (FrameRate(parsing: rate)?.framesPerSecond ?? 30)
        expectEqual(back.events.map { Self.words($0.text.plain) }, document.events.map { Self.words($0.text.plain) })
        for (got, want) in zip(back.events, document.events) {
            expectTrue(got.start <= want.start + 1 && Double(want.start - got.start) < frame + 1, "\(rate): \(got.start) for \(want.start)")
            expectTrue(Double(abs(got.end - want.end)) < frame + 1, "\(rate): ends \(got.end) for \(want.end)")
        }
        for character in ["é", "ñ", "♪", "ü", "¿", "ß", "Ü", "¡"] {
            expectTrue(back.events.contains { $0.text.plain.contains(character) }, "\(character) lost")
        }
    }
}
