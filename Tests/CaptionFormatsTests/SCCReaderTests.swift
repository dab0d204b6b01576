import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

@Suite struct SCCReaderTests {
    static let header = "Scenarist_SCC V1.0\n\n"
    /// RCL, PAC row 15, "HI", EOC (each control code doubled): the caption shows at the EOC, pair 6.
    static let caption = "9420 9420 94e0 94e0 c849 942f 942f"

    func read(_ text: String, _ options: ReadOptions = ReadOptions()) throws -> ParseResult {
        try SCCFormat.read(DecodedText(text, sourceName: "test.scc"), options: options)
    }

    static func ms(_ frame: Int, _ clock: SCCClock = .ntsc) -> Milliseconds {
        Milliseconds(clock.milliseconds(frame: frame).rounded())
    }

    @Test func detectsTheHeaderOnly() throws {
        expectEqual(SCCFormat.detect(DecodedText(Self.header + "00:00:01:00\t\(Self.caption)\n")), .certain)
        expectEqual(SCCFormat.detect(DecodedText("\n  Scenarist_SCC V1.0\r\n")), .certain)
        expectEqual(SCCFormat.detect(DecodedText("00:00:01:00\t\(Self.caption)\n")), .no)
        expectEqual(SCCFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\nHi\n")), .no)
        expectTrue(FormatRegistry.detect(DecodedText(Self.header + "00:00:01:00\t\(Self.caption)\n"), pathHint: nil) == SCCFormat.self)
        expectTrue(try FormatRegistry.format(named: "scc") == SCCFormat.self)
        expectTrue(FormatRegistry.inputNames.contains("scc"))
    }

    @Test func eachPairTakesOneFrameFromItsLinesTimeCode() throws {
        let result = try read(Self.header + "00:00:01:00\t\(Self.caption)\n\n00:00:03:00\t942c 942c\n")
        let event = try #require(result.document.events.first)
        expectEqual(result.document.events.count, 1)
        expectEqual(event.text.plain, "HI")
        expectEqual(event.start, Self.ms(30 + 5))
        expectEqual(event.end, Self.ms(90))
        expectEqual(result.eventLines, [3])
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func dropFrameAndNonDropTimeCodesCountFramesAt2997() throws {
        let nonDrop = try read(Self.header + "01:00:00:00\t\(Self.caption)\n01:00:10:00\t942c\n")
        expectEqual(nonDrop.document.events.first?.start, Self.ms(108_000 + 5)) // 3603.77 s
        let drop = try read(Self.header + "01:00:00;00\t\(Self.caption)\n01:00:10;00\t942c\n")
        expectEqual(drop.document.events.first?.start, Self.ms(107_892 + 5)) // 3600.17 s
    }

    @Test func theFrameRateOptionCountsItsOwnFrames() throws {
        let rate = try #require(FrameRate(numerator: 25, denominator: 1))
        let result = try read(Self.header + "00:00:02:00\t\(Self.caption)\n00:00:04:00\t942c\n", ReadOptions(frameRate: rate))
        expectEqual(result.document.events.first?.start, 2000 + 5 * 40)
        expectEqual(result.document.events.first?.end, 4000)
    }

    @Test func toleratesCRLFTabsSpacesAndBlankLines() throws {
        let text = "Scenarist_SCC V1.0\r\n\r\n\r\n  00:00:01:00 \t 9420  9420 94e0 94e0\tc849 942f 942f  \r\n\r\n00:00:03:00\t942c 942c\r\n"
        let result = try read(text)
        expectEqual(result.document.events.map(\.text.plain), ["HI"])
        expectEqual(result.document.events.first?.start, Self.ms(35))
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func aLineThatOverlapsThePreviousOneFollowsItsPairsWithAWarning() throws {
        // The first line's 7 pairs run to frame 36; the next time code says frame 33.
        let result = try read(Self.header + "00:00:01:00\t\(Self.caption)\n00:00:01:03\t942c 942c\n00:00:01:04\t942c\n")
        expectEqual(result.document.events.first?.end, Self.ms(37))
        let warning = try #require(result.diagnostics.first)
        expectEqual(warning.line, 4)
        expectTrue(warning.message.contains("4 frames before"))
        expectTrue(warning.message.contains("2 lines in all"))
    }

    @Test func malformedLinesAndWordsAreWarnedAbout() throws {
        let text = Self.header + "00:00:00:10\t942c\nnot a line\n00:00:61:00\t9420\n00:00:01:00\t9420 9420 94e0 zz12 c849 942f 942f\n00:00:03:00\t942c\n"
        let result = try read(text)
        expectEqual(result.document.events.map(\.text.plain), ["HI"])
        // The bad word kept its frame: the EOC is still the sixth pair.
        expectEqual(result.document.events.first?.start, Self.ms(35))
        expectEqual(result.diagnostics.map(\.line), [4, 5, 6])
        expectTrue(result.diagnostics[2].message.contains("'zz12'"))
    }

    @Test func aMissingHeaderIsAWarning() throws {
        let result = try read("00:00:01:00\t\(Self.caption)\n")
        expectEqual(result.document.events.count, 1)
        expectEqual(result.diagnostics.first?.line, 1)
        expectEqual(result.diagnostics.first?.message.contains("header"), true)
    }

    @Test func aChannelWithoutCaptionsIsAnErrorNamingTheChannelsThere() throws {
        let text = Self.header + "00:00:01:00\t\(Self.caption)\n"
        #expect(throws: CaptionFormatError.self) { try read(text, ReadOptions(channel: .cc2)) }
        do {
            _ = try read(text, ReadOptions(channel: .cc2))
        } catch let error as CaptionFormatError {
            expectEqual(error.kind, .malformed)
            expectTrue(error.message.contains("test.scc"))
            expectTrue(error.message.contains("CC2"))
            expectTrue(error.message.contains("channels in this file: CC1"))
        }
        do {
            _ = try read(text, ReadOptions(channel: .cc3))
        } catch let error as CaptionFormatError {
            expectTrue(error.message.contains("field 1 only"))
        }
        do {
            _ = try read(Self.header)
        } catch let error as CaptionFormatError {
            expectTrue(error.message.contains("no SCC caption data"))
        }
    }

    @Test func channel2IsRead() throws {
        // The same caption on CC2: every control code's first byte with bit 3 set (0x94 -> 0x1C).
        let text = Self.header + "00:00:01:00\t1c20 1c20 1ce0 1ce0 c849 1c2f 1c2f\n"
        expectTrue(try read(text, ReadOptions(channel: .cc2)).document.events.map(\.text.plain) == ["HI"])
        #expect(throws: CaptionFormatError.self) { try read(text) }
    }

    @Test func hugeTimeCodesAndLongLinesDoNotTrap() throws {
        let long = Array(repeating: "c849", count: 200_000).joined(separator: " ")
        let text = Self.header + "99:59:59;29\t9429 9429 94e0 \(long) 942c\n99:59:59:29\t9420\n"
        let result = try read(text)
        expectTrue(result.document.events.count >= 1)
        expectTrue(result.document.events.allSatisfy { $0.start > 359_000_000 })
    }
}
