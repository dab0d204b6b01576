import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// MicroDVD (.sub): frames to milliseconds with exact fractions, the frame rate's three sources, the
/// control codes of the format's documentation, and each malformed case.
@Suite struct MicroDVDFormatTests {
    static func read(_ text: String, fps: (Int, Int)? = nil, name: String = "test.sub") throws -> ParseResult {
        try MicroDVDFormat.read(DecodedText(text, sourceName: name), options: ReadOptions(frameRate: fps.map { FrameRate(numerator: $0.0, denominator: $0.1)! }))
    }

    static func times(_ r: ParseResult) -> [[Int]] { r.document.events.map { [$0.start, $0.end] } }
    static func texts(_ r: ParseResult) -> [String] { r.document.events.map(\.text.plain) }
    static let pal = (25, 1)

    /// The examples of Wikipedia's "MicroDVD" article (Format and Control codes sections), written out
    /// here: `{0}{25}Hello!` is one second at 25 fps; `y` sets the style, `c` the colour as $BBGGRR
    /// (`{C:$0000ff}` is red), `f` the font; a lower-case code applies to its line, an upper-case one to
    /// the whole subtitle.
    @Test func documentationExamples() throws {
        let r = try Self.read("""
        {0}{25}Hello!
        {0}{25}{y:i}Hello!
        {0}{25}{y:b}Hello!
        {0}{25}{y:u}Hello!
        {0}{25}{y:s}Hello!
        {0}{25}{C:$0000ff}Hello!
        {0}{25}{f:DejaVuSans}Hello!
        """, fps: Self.pal)
        expectEqual(Self.times(r), Array(repeating: [0, 1000], count: 7))
        expectEqual(Self.texts(r), Array(repeating: "Hello!", count: 7))
        let kinds: [[TextSpan.Kind]] = r.document.events.map { $0.text.spans.map(\.kind) }
        expectEqual(kinds, [[], [.italic], [.bold], [.underline], [.strikethrough],
                          [.color(RGBAColor(red: 255, green: 0, blue: 0))], [.fontFace("DejaVuSans")]])
        expectTrue(r.document.events.dropFirst().allSatisfy { $0.text.spans.first.map { $0.start == 0 && $0.end == 6 } == true })
        expectTrue(r.diagnostics.isEmpty)
        expectEqual(r.eventLines, [1, 2, 3, 4, 5, 6, 7])
        expectEqual(r.document.events[1].sourceText, "{y:i}Hello!")
    }

    @Test func pipeBreaksLinesAndCodeCaseSetsTheScope() throws {
        let r = try Self.read("{10}{20}{y:i}first|second\n{30}{40}{Y:b,u}one|two\n{50}{60}a|{c:$00FF00}green\n", fps: Self.pal)
        expectEqual(Self.texts(r), ["first\nsecond", "one\ntwo", "a\ngreen"])
        expectEqual(r.document.events[0].text.spans, [TextSpan(start: 0, end: 5, kind: .italic)])
        expectEqual(r.document.events[1].text.spans, [TextSpan(start: 0, end: 7, kind: .bold), TextSpan(start: 0, end: 7, kind: .underline)])
        expectEqual(r.document.events[2].text.spans, [TextSpan(start: 2, end: 7, kind: .color(RGBAColor(red: 0, green: 255, blue: 0)))])
        // Braces that are not a code stay text.
        let literal = try Self.read("{0}{25}{laughs} ok {x}\n", fps: Self.pal)
        expectEqual(Self.texts(literal), ["{laughs} ok {x}"])
    }

    // MARK: - Frame rate

    @Test func frameRateFromTheFirstLineExactly() throws {
        // {1}{1}23.976 is the rate line, not a cue: 24000/1001 exactly.
        let r = try Self.read("{1}{1}23.976\n{24}{48}One second\n{1000}{172627}Long\n")
        expectEqual(Self.texts(r), ["One second", "Long"])
        // 24 frames at 24000/1001 fps are 1001 ms; 1000 frames 41708.33 ms; 172627 frames 7,199,984.46 ms.
        expectEqual(Self.times(r), [[1001, 2002], [41708, 7_199_984]])
        expectTrue(r.diagnostics.isEmpty)
        expectEqual(r.eventLines, [2, 3])
        // Taken literally, 23.976 would put that end at 7,199,992 ms (8 ms late) and 23.98 at 7,198,791 (1.2 s early).
        expectEqual(Int((Double(172_627) / 23.976 * 1000).rounded()), 7_199_992)
        expectTrue(try Self.read("{1}{1}23.98\n{1000}{172627}Long\n").document.events[0].end == 7_199_984)
    }

    @Test func givenFrameRateWinsOverTheFilesWithAWarning() throws {
        let r = try Self.read("{1}{1}25\n{30}{60}x\n", fps: (30000, 1001))
        expectEqual(Self.times(r), [[1001, 2002]])
        expectEqual(r.diagnostics.map(\.description), ["line 1: the file says 25 fps; the frame rate given (29.97 fps) is used"])
        let same = try Self.read("{1}{1}25\n{25}{50}x\n", fps: Self.pal)
        expectTrue(same.diagnostics.isEmpty)
    }

    @Test func withoutAFrameRate23976IsAssumedWithOneWarning() throws {
        let r = try Self.read("{0}{24}a\n{24}{48}b\n")
        expectEqual(Self.times(r), [[0, 1001], [1001, 2002]])
        expectEqual(r.diagnostics.count, 1)
        expectNil(r.diagnostics.first?.line)
        expectEqual(r.diagnostics.first?.message.contains("23.976 fps assumed"), true)
    }

    @Test func decimalRatesAreExactFractions() {
        expectEqual(FrameRate(parsing: "23.976"), FrameRate(numerator: 24000, denominator: 1001))
        expectEqual(FrameRate(parsing: "23.98"), FrameRate(numerator: 24000, denominator: 1001))
        expectEqual(FrameRate(parsing: "29.97"), FrameRate(numerator: 30000, denominator: 1001))
        expectEqual(FrameRate(parsing: "59.94"), FrameRate(numerator: 60000, denominator: 1001))
        expectEqual(FrameRate(parsing: "25.000"), FrameRate(numerator: 25, denominator: 1))
        expectEqual(FrameRate(parsing: "12.5")?.milliseconds(frames: 1), 80)
        expectNil(FrameRate(parsing: "abc"))
        expectNil(FrameRate(parsing: "0"))
        expectNil(FrameRate(parsing: "-25"))
        expectEqual(FrameRate(numerator: 30000, denominator: 1001)?.milliseconds(frames: 1), 33)
        // Halves round away from zero: frame 1 at 2000 fps would be 0.5 ms, but rates stop at 1000 fps.
        expectNil(FrameRate(numerator: 2000, denominator: 1))
        expectEqual(FrameRate(numerator: 400, denominator: 1)?.milliseconds(frames: 1), 3) // 2.5 ms
        expectEqual(FrameRate.ntscFilm.description, "23.976")
    }

    // MARK: - Problems

    @Test func unsupportedCodesAreReportedOncePerKind() throws {
        let r = try Self.read("{0}{25}{s:20}{P:0,0}Big\n{25}{50}{s:30}Bigger\n{50}{75}{H:cp1250}{y:z}x\n", fps: Self.pal)
        expectEqual(Self.texts(r), ["Big", "Bigger", "x"])
        expectEqual(r.diagnostics.map(\.description), [
            "line 1: MicroDVD control code {s:20} (font size) is not supported; ignored (reported once per kind)",
            "line 1: MicroDVD control code {P:0,0} (position) is not supported; ignored (reported once per kind)",
            "line 3: MicroDVD control code {H:cp1250} (character set) is not supported; ignored (reported once per kind)",
            "line 3: MicroDVD control code {y:z} (font style 'z') is not supported; ignored (reported once per kind)",
        ])
    }

    @Test func openEndsMalformedLinesAndBackwardsCues() throws {
        let r = try Self.read("""
        {0}{}opens
        {50}{75}next
        25 50 no braces
        {DEFAULT}{C:$FF0000}
        {100}{90}backwards
        {1x}{20}bad frame
        {125}{}last open
        """, fps: Self.pal)
        expectEqual(Self.texts(r), ["opens", "next", "last open"])
        expectEqual(Self.times(r), [[0, 2000], [2000, 3000], [5000, 10000]])
        expectEqual(r.diagnostics.map(\.description), [
            "line 3: '25 50 no braces' is not a MicroDVD line ({start frame}{end frame}text); line skipped",
            "line 4: '{DEFAULT}{C:$FF0000}': {DEFAULT} lines (a style for every cue) are not supported; line skipped",
            "line 6: '{1x}{20}bad frame' is not a MicroDVD line ({start frame}{end frame}text); line skipped",
            "line 1: no end frame; the cue ends where the next one starts (5 s when none follows; reported once)",
            "line 5: end frame 90 is before start frame 100; cue skipped",
        ])
    }

    @Test func nothingUsableIsMalformed() {
        expectMalformed([
            ("{100}{90}backwards\n", "in.sub: no usable MicroDVD cue; line 1: end frame 90 is before start frame 100; cue skipped"),
            ("hello\n", "in.sub: no usable MicroDVD cue; line 1: 'hello' is not a MicroDVD line ({start frame}{end frame}text); line skipped"),
            ("{1}{1}25\n", "in.sub: no MicroDVD cue found (no line like '{25}{50}Text')"),
        ], read: { try Self.read($0, fps: Self.pal, name: "in.sub") })
    }

    @Test func detectionAndReadOnly() throws {
        let sub = DecodedText("{1}{1}25\n{25}{50}Hi\n", sourceName: "a.txt")
        expectEqual(MicroDVDFormat.detect(sub), .certain)
        expectEqual(FormatRegistry.detect(sub, pathHint: nil)?.name, "microdvd")
        expectEqual(MicroDVDFormat.detect(DecodedText("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Hi\n")), .no)
        expectEqual(MicroDVDFormat.detect(DecodedText("[00:01.00]lyrics\n")), .no)
        expectTrue(!MicroDVDFormat.canWrite)
        expectTrue(FormatRegistry.inputNames.contains("microdvd"))
        expectTrue(!FormatRegistry.outputNames.contains("microdvd"))
        expectTrue(try FormatRegistry.format(named: "sub") == MicroDVDFormat.self)
    }

    @Test func throughTheFileReaderWithOptions() throws {
        let r = try CaptionFileReader.read(path: CorpusLocation.path("samples/sample.sub"), options: ReadOptions(frameRate: FrameRate(numerator: 50, denominator: 1)))
        expectEqual(Self.times(r), [[500, 2000], [2500, 4000], [5000, 6000]])
        expectEqual(r.diagnostics.map(\.description), ["line 1: the file says 25 fps; the frame rate given (50 fps) is used"])
        let own = try CaptionFileReader.read(path: CorpusLocation.path("samples/sample.sub"))
        expectEqual(Self.times(own), [[1000, 4000], [5000, 8000], [10000, 12000]])
        expectTrue(own.diagnostics.isEmpty)
    }
}
