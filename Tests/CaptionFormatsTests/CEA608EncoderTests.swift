@testable import CaptionFormats
import CaptionModel
import CaptionExpectations
import Testing

/// The CEA-608 encoder's schedule, checked pair by pair: parity, one pair a frame, pop-on EOC on the
/// start frame with the load before it, doubled control codes, the 32-column and 4-row limits, and
/// the codes of the characters the round-trip corpus needs.
@Suite struct CEA608EncoderTests {
    typealias Pair = CEA608Schedule.Pair

    static func cue(_ start: Int, _ end: Int, _ text: String, spans: [TextSpan] = [], placement: CuePlacement? = nil) -> CaptionEvent {
        CaptionEvent(start: start, end: end, text: CaptionText(plain: text, spans: spans), placement: placement)
    }

    static func encode(_ events: [CaptionEvent], mode: CEA608Mode = .popOn, channel: CEA608Channel = .cc1) -> CEA608Schedule {
        CEA608Encoder.encode(CaptionDocument(events: events), mode: mode, channel: channel, clock: .ntsc)
    }

    /// The pair of `command` on CC1.
    static func bytes(_ command: CEA608Command) -> (UInt8, UInt8) { command.pair(channel: .cc1)! }

    static func frames(of command: CEA608Command, in schedule: CEA608Schedule) -> [Int] {
        let (a, b) = bytes(command)
        return schedule.pairs.filter { $0.first == a && $0.second == b }.map(\.frame)
    }

    /// The first frame of each doubled occurrence (the one a decoder executes).
    static func executed(_ command: CEA608Command, in schedule: CEA608Schedule) -> [Int] {
        let all = frames(of: command, in: schedule)
        var result: [Int] = []
        for f in all where !(result.last.map { $0 == f - 1 } ?? false) { result.append(f) }
        return result
    }

    static let sample: [CaptionEvent] = [
        cue(1500, 3800, "Café au lait, s'il vous plaît."),
        cue(4200, 6600, "♪ La niña canta en la mañana ♪"),
        cue(7000, 9400, "Grüße aus München!\n¿Dónde está el señor Müller?"),
        cue(10000, 12500, "Line one of four\nLine two of four\nLine three of four\nLine four of four"),
        cue(13000, 15000, "Über die Brücke, ¡vámonos!"),
    ]

    @Test(arguments: CEA608Mode.allCases, CEA608Channel.allCases)
    func everyByteHasOddParityAndEachFrameOnePair(mode: CEA608Mode, channel: CEA608Channel) {
        let schedule = Self.encode(Self.sample, mode: mode, channel: channel)
        expectTrue(!schedule.pairs.isEmpty)
        for pair in schedule.pairs {
            expectTrue(CEA608Characters.hasOddParity(pair.first) && CEA608Characters.hasOddParity(pair.second), "\(pair)")
        }
        for (a, b) in zip(schedule.pairs, schedule.pairs.dropFirst()) { expectTrue(a.frame < b.frame) }
        expectTrue(schedule.pairs.first!.frame >= 0)
    }

    @Test func popOnSwapsEachCaptionInOnItsStartFrameAfterLoadingIt() {
        let schedule = Self.encode(Self.sample)
        let eocs = Self.executed(.misc(.eoc), in: schedule)
        let starts = Self.sample.map { SCCClock.ntsc.frame(containing: $0.start) }
        expectEqual(eocs, starts)
        let loads = Self.executed(.misc(.rcl), in: schedule)
        expectEqual(loads.count, starts.count)
        for (n, load) in loads.enumerated() {
            expectTrue(load < eocs[n])
            if n > 0 { expectTrue(load > eocs[n - 1] + 1) }
        }
        // Each caption is erased at its end frame: every gap here is longer than two frames.
        let ends = Self.sample.map { SCCClock.ntsc.frame(atOrAfter: $0.end) }
        expectEqual(Self.executed(.misc(.edm), in: schedule), ends)
        expectTrue(schedule.diagnostics.isEmpty, "\(schedule.diagnostics)")
    }

    @Test func backToBackCaptionsNeedNoEraseAndLoadDuringThePreviousOne() {
        let events = [Self.cue(2000, 4000, "First caption on screen"), Self.cue(4000, 6000, "Second caption, loaded early")]
        let schedule = Self.encode(events)
        let eocs = Self.executed(.misc(.eoc), in: schedule)
        expectEqual(eocs, events.map { SCCClock.ntsc.frame(containing: $0.start) })
        expectEqual(Self.executed(.misc(.edm), in: schedule), [SCCClock.ntsc.frame(atOrAfter: 6000)])
        expectTrue(schedule.diagnostics.isEmpty)
    }

    @Test func captionsTooCloseToLoadAreShownLateWithAWarning() {
        // 20 ms apart: no room for the second load between the two starts.
        let events = [Self.cue(2000, 2020, "A first caption of some length"), Self.cue(2020, 4000, "and a second one just after it")]
        let schedule = Self.encode(events)
        let eocs = Self.executed(.misc(.eoc), in: schedule)
        expectEqual(eocs[0], SCCClock.ntsc.frame(containing: 2000))
        expectTrue(eocs[1] > SCCClock.ntsc.frame(containing: 2020))
        expectEqual(schedule.diagnostics.count, 1)
        expectEqual(schedule.diagnostics.first?.message.contains("cue 2 (0:00:02.020)"), true)
        expectEqual(schedule.diagnostics.first?.message.contains("late"), true)
        // Still one pair a frame, and the second load starts after the first EOC.
        for (a, b) in zip(schedule.pairs, schedule.pairs.dropFirst()) { expectTrue(a.frame < b.frame) }
        expectTrue(Self.executed(.misc(.rcl), in: schedule)[1] > eocs[0] + 1)
    }

    @Test func anOverlappingCueReplacesTheOneBeforeWithAWarning() {
        let events = [Self.cue(2000, 6000, "Speaker one"), Self.cue(4000, 8000, "Speaker two")]
        let schedule = Self.encode(events)
        expectEqual(Self.executed(.misc(.eoc), in: schedule), events.map { SCCClock.ntsc.frame(containing: $0.start) })
        expectEqual(schedule.diagnostics.count, 1)
        expectEqual(schedule.diagnostics.first?.message.hasPrefix("cue 2 (0:00:04.000): overlaps cue 1"), true)
        // Back to back, or a frame of overlap from rounding, says nothing.
        expectTrue(Self.encode([Self.cue(2000, 4010, "One"), Self.cue(4000, 6000, "Two")]).diagnostics.isEmpty)
        expectTrue(Self.encode(events, mode: .rollUp).diagnostics.isEmpty)
    }

    @Test func aCaptionAtTimeZeroIsLateByItsLoad() {
        let schedule = Self.encode([Self.cue(0, 2000, "Hello")])
        expectTrue(Self.executed(.misc(.eoc), in: schedule).first! > 0)
        expectEqual(schedule.diagnostics.count, 1)
    }

    @Test(arguments: CEA608Mode.allCases)
    func controlCodesAreSentTwiceOnConsecutiveFrames(mode: CEA608Mode) {
        let schedule = Self.encode(Self.sample + [Self.cue(16000, 18000, "♪♪ two notes ♪♪")], mode: mode)
        var i = 0
        let pairs = schedule.pairs
        while i < pairs.count {
            let p = pairs[i]
            if (0x10...0x1F).contains(p.first & 0x7F) {
                expectTrue(i + 1 < pairs.count && pairs[i + 1].first == p.first && pairs[i + 1].second == p.second && pairs[i + 1].frame == p.frame + 1,
                        "control \(p) not doubled")
                i += 2
            } else {
                i += 1
            }
        }
    }

    @Test func theCodesOfAccentsNotesAndExtendedLetters() {
        // é and ñ are standard bytes; ♪ and ¿ special (0x11 0x37, 0x11 0x33); ü is a fallback u then 0x12 0x25.
        expectEqual(CEA608Characters.code(for: "é"), .standard(0x5C))
        expectEqual(CEA608Characters.code(for: "ñ"), .standard(0x7E))
        let schedule = Self.encode([Self.cue(3000, 5000, "é ñ ♪ ü ¿")])
        let bytes = schedule.pairs.flatMap { [$0.first, $0.second] }.map { $0 & 0x7F }
        func contains(_ run: [UInt8]) -> Bool {
            bytes.count >= run.count && (0...(bytes.count - run.count)).contains { Array(bytes[$0..<$0 + run.count]) == run }
        }
        expectTrue(contains([0x5C, 0x20, 0x7E, 0x20]))
        expectTrue(contains([0x11, 0x37, 0x11, 0x37]))
        expectTrue(contains([0x75, 0x12, 0x25, 0x12, 0x25]))
        expectTrue(contains([0x11, 0x33, 0x11, 0x33]))
        expectEqual(Self.frames(of: .special(0x37), in: schedule).count, 2)
        expectTrue(schedule.diagnostics.isEmpty)
    }

    @Test func theASCIIOfTheExtendedSetFallsBackToOtherASCIINotToTheAccentedLettersAtItsBytes() {
        // 0x2A is á in the standard set: an asterisk's fallback must not be its own ASCII byte.
        expectEqual(CEA608Characters.code(for: "*"), .extended(first: 0x12, second: 0x28, fallback: 0x2B))
        expectEqual(CEA608Characters.code(for: "{"), .extended(first: 0x13, second: 0x29, fallback: 0x28))
        expectEqual(CEA608Characters.code(for: "~"), .extended(first: 0x13, second: 0x2F, fallback: 0x2D))
    }

    @Test func charactersWithoutACodeBecomeTheClosestWithOneWarningNamingTheCue() {
        let schedule = Self.encode([Self.cue(3000, 5000, "ok"), Self.cue(6000, 8000, "Œuvre … ☃ Œ")])
        expectEqual(schedule.diagnostics.count, 1)
        let message = schedule.diagnostics.first?.message ?? ""
        expectTrue(message.hasPrefix("cue 2 (0:00:06.000)"))
        expectTrue(message.contains("Œ as O") && message.contains("… as .") && message.contains("☃ as ?"))
    }

    @Test func rowsWrapAt32ColumnsAndBreakLongWords() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away " + String(repeating: "x", count: 40)
        let layout = CEA608Layout.layout(Self.cue(0, 1000, text))
        let rows = layout.screens.flatMap(\.rows)
        expectTrue(rows.allSatisfy { $0.tokens.count <= 32 && $0.column + $0.tokens.count <= 32 })
        // 30, 30 and 8 columns of words, then the 40 x's as 32 and 8: five rows, two screens.
        expectEqual(rows.map(\.tokens.count), [30, 30, 8, 32, 8])
        expectEqual(layout.screens.map { $0.rows.map(\.row) }, [[12, 13, 14, 15], [15]])
        // Centred: indent plus tab offset put the row in the middle.
        expectEqual(rows[0].column, (32 - rows[0].tokens.count) / 2)
    }

    @Test func moreThanFourRowsAreShownAsConsecutiveCaptionsWithAWarning() {
        let text = (1...6).map { "Row number \($0)" }.joined(separator: "\n")
        let schedule = Self.encode([Self.cue(2000, 8000, text)])
        let eocs = Self.executed(.misc(.eoc), in: schedule)
        expectEqual(eocs.count, 2)
        expectEqual(eocs[0], SCCClock.ntsc.frame(containing: 2000))
        expectEqual(schedule.diagnostics.count, 1)
        expectTrue(schedule.diagnostics[0].message.contains("cue 1") && schedule.diagnostics[0].message.contains("6 rows"))
    }

    @Test func topAnchoredCuesStartOnRowTwoAndStylesBecomeAttributes() {
        var top = CuePlacement(); top.anchor = 8
        let italic = TextSpan(start: 0, end: 5, kind: .italic)
        let red = TextSpan(start: 6, end: 9, kind: .color(RGBAColor(red: 255, green: 0, blue: 0)))
        let layout = CEA608Layout.layout(Self.cue(0, 1000, "Hello red world", spans: [italic, red], placement: top))
        let row = layout.screens[0].rows[0]
        expectEqual(row.row, 2)
        let italics = CEA608PenStyle(attribute: .italics), white = CEA608PenStyle(attribute: .white), redStyle = CEA608PenStyle(attribute: .red)
        // A leading mid-row code (italics), the spaces replaced by mid-row codes where the style changes.
        expectEqual(row.tokens.first, .midRow(italics))
        expectEqual(row.tokens.count, 1 + 15)
        expectTrue(row.tokens[6] == .midRow(redStyle) && row.tokens[10] == .midRow(white))
        // At column 0 (left-aligned) the preamble carries the italics instead of a mid-row code.
        var left = CuePlacement(); left.anchor = 1
        let leftLayout = CEA608Layout.layout(Self.cue(0, 1000, "Hello", spans: [italic], placement: left))
        let units = CEA608Encoder.rowUnits(leftLayout.screens[0], channel: .cc1)
        let pac = CEA608Command.preamble(row: 15, indent: 0, attribute: .italics, underline: false).pair(channel: .cc1)!
        expectTrue(units[0].first! == pac)
    }

    @Test func centringUsesAnIndentAndATabOffset() {
        let layout = CEA608Layout.layout(Self.cue(0, 1000, "Hi"))
        expectEqual(layout.screens[0].rows[0].column, 15)
        let units = CEA608Encoder.rowUnits(layout.screens[0], channel: .cc1)
        expectTrue(units[0][0] == Self.bytes(.preamble(row: 15, indent: 12, attribute: .white, underline: false)))
        expectTrue(units[1][0] == Self.bytes(.tabOffset(3)))
    }

    @Test func channelTwoAndFieldTwoCodes() {
        let cc2 = Self.encode([Self.cue(2000, 3000, "Hi")], channel: .cc2)
        expectTrue(cc2.pairs.contains { $0.first == 0x1C && $0.second == 0x2F }) // EOC on data channel 2
        let cc3 = Self.encode([Self.cue(2000, 3000, "Hi")], channel: .cc3)
        expectTrue(cc3.pairs.contains { $0.first == 0x15 && $0.second == 0x2F }) // field 2's miscellaneous codes
    }

    @Test func rollUpStartsEachCaptionWithACarriageReturnOnItsStartFrame() {
        let schedule = Self.encode(Self.sample, mode: .rollUp)
        let crs = Self.executed(.misc(.cr), in: schedule)
        // One CR per row: 1 + 1 + 2 + 4 + 1.
        expectEqual(crs.count, 9)
        expectEqual(Self.executed(.misc(.ru4), in: schedule).count, 5)
        expectEqual(crs.first, SCCClock.ntsc.frame(containing: 1500))
    }

    @Test func paintOnEndsItsPaintingOnTheStartFrame() {
        let schedule = Self.encode(Self.sample, mode: .paintOn)
        let rdcs = Self.executed(.misc(.rdc), in: schedule)
        expectEqual(rdcs.count, 5)
        // The pair before the next RDC (or the first EDM after it) is the caption's last: on its start frame.
        let first = SCCClock.ntsc.frame(containing: 1500)
        expectTrue(schedule.pairs.contains { $0.frame == first })
        expectTrue(!schedule.pairs.contains { $0.frame == first + 1 })
        expectTrue(schedule.diagnostics.isEmpty, "\(schedule.diagnostics)")
    }

    @Test func oddInputDoesNotTrap() {
        let far = 99 * 3_600_000 + 59 * 60_000
        let events = [Self.cue(5000, 4000, "backwards"), Self.cue(1000, 2000, ""), Self.cue(3000, 4000, "   \n "),
                      Self.cue(far, far + 5000, "near the end of the clock"), Self.cue(-500, 300, "before zero")]
        for mode in CEA608Mode.allCases {
            let schedule = Self.encode(events, mode: mode)
            for (a, b) in zip(schedule.pairs, schedule.pairs.dropFirst()) { expectTrue(a.frame < b.frame) }
        }
    }
}

/// A long document in start order is scheduled by the pipelined pop-on path (layout on the other cores
/// while this thread schedules); it must give exactly the schedule and warnings of the plain path.
@Suite struct CEA608PipelineTests {
    @Test func thePipelinedPopOnScheduleIsThePlainOne() throws {
        var g = DocumentGenerator(seed: 608)
        var events: [CaptionEvent] = []
        var t = 10_000
        for n in 0..<6_000 {
            let start = t + g.int(0...400)
            // Some cues too close to load in time, some with characters 608 lacks, some too tall.
            let end = start + (n % 97 == 0 ? 300 : g.int(700...4_000))
            var text = g.text(lines: 1...(n % 211 == 0 ? 6 : 2))
            if n % 53 == 0 { text += " œ…" }
            events.append(CaptionEvent(start: start, end: end, text: CaptionText(plain: text)))
            t = end
        }
        let document = CaptionDocument(events: events)
        let clock = SCCClock.ntsc
        let pipelined = try #require(CEA608Encoder.pipelinedPopOn(document, channel: .cc1, clock: clock))
        let captions = CEA608Encoder.captions(of: document, mode: .popOn, clock: clock)
        var plain = CEA608Schedule(diagnostics: captions.diagnostics)
        CEA608Encoder.popOn(captions.list, channel: .cc1, clock: clock, into: &plain)
        expectEqual(pipelined.pairs, plain.pairs)
        expectEqual(pipelined.diagnostics, plain.diagnostics)
        expectTrue(!plain.diagnostics.isEmpty)
        expectEqual(CEA608Encoder.encode(document, mode: .popOn, channel: .cc1, clock: clock).pairs, plain.pairs)
    }
}
