import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The byte-scanning ASS Text-field parser (`ASSTextScanner`) against the String parser it replaced
/// (`ReferenceASSTextParser`), and the reader's byte path for Dialogue and Comment lines against its
/// line-by-line String path: the same results on random tag soup and on every corpus script; and the
/// same again with each `[Events]` section read in parts (`ASSEventParts`).
@Suite struct ASSParserDifferentialTests {
    /// SplitMix64: the same soup on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    }

    /// Tag names (every known one, prefixes of them, unknown ones) and arguments, including the shapes
    /// where bytes and Characters part ways.
    static let names = ASSTextParser.tagNames + ["", "bl", "blu", "alph", "al", "ic", "icl", "fnord", "f", "k", "kx", "pb", "po",
                                                 "sh", "1", "1x", "x", "Z", "\u{212A}", "b\u{301}", "k\u{301}", "pos\u{301}", "é", "fn\u{301}"]
    static let arguments = ["", "0", "1", "-1", "+1", "2", "600", "700", "-0", " 1 ", "\t1", "1 ", "x", "1x", "99999999999999999999",
                            "-9223372036854775808", "12345678901234567", "&H0000FF&", "&HFF00FF", "&h12&", "H00FF00", "&H&", "&H123456789&",
                            "&HFF\u{301}&", "&H+F&", "&H-0&", "65535", "-2147483640", "+5", "&HG1&", "(100,200)", "( -3 , 4.5 )",
                            "(,1,,2)", "(1,2,3)", "(1)", "(-0,5)", "(-5,-7)", "(1e3,nan)", "(inf,-inf)", "(0x10,1)", "(1, 2 )x",
                            "(--5,1)", "(-+5,1)", "((1,2))", "( 1 ,\u{301}2)", "1e300", "nan", "inf", "-5", "0x10", "10.6", "5.5",
                            "Arial", " DejaVu Sans ", "日本語", "\u{301}", " \u{301}", "\u{600} ", "(\\b1)", "(0,500,\\frz10)",
                            "50", "\u{FF11}", "٣"]
    static let texts = ["", "a", "Hello", " word ", "two words", "x\u{301}", "日本", " ", "\t", "é", "e\u{301}", "\u{A0}", "\u{2003}",
                        "\\N", "\\n", "\\h", "\\{", "\\}", "\\", "\\x", "\\\\N", "{", "}", "(", ")", ",", "\r\n", "\n", "m 0 0 l 10 10",
                        "\u{600}", "\u{212A}"]

    static func soup(_ g: inout Random) -> String {
        var s = ""
        for _ in 0..<g.int(0...12) {
            switch g.int(0...5) {
            case 0, 1: s += g.pick(texts)
            case 2:
                s += "{"
                for _ in 0..<g.int(0...4) {
                    switch g.int(0...6) {
                    case 0: s += "comment "
                    case 1: s += "\\" + g.pick(names)
                    default: s += "\\" + g.pick(names) + g.pick(arguments)
                    }
                }
                if g.int(0...9) > 0 { s += "}" }
            case 3: s += "{\\" + g.pick(names) + g.pick(arguments) + "}"
            case 4: s += "\\" + g.pick(names) + g.pick(arguments)
            default: s += "{\\k" + String(g.int(0...80)) + "}" + g.pick(texts) + " "
            }
        }
        return s
    }

    static func same(_ a: ASSParsedText, _ b: ASSParsedText) -> Bool {
        func point(_ p: CuePlacement.Point?) -> String { p.map { "\($0.x.bitPattern),\($0.y.bitPattern)" } ?? "nil" }
        return Array(a.plain.utf8) == Array(b.plain.utf8) && a.spans == b.spans && a.words == b.words
            && a.words.map { Array($0.text.utf8) } == b.words.map { Array($0.text.utf8) }
            && a.anchor == b.anchor && point(a.point) == point(b.point) && a.hadDrawing == b.hadDrawing
    }

    @Test func tagSoupParsesAsTheStringParserParsedIt() {
        var g = Random(state: 20_240_601)
        for round in 0..<20_000 {
            let text = Self.soup(&g)
            let start = g.int(0...10_000_000)
            let reference = ReferenceASSTextParser.parse(text, eventStart: start)
            let parsed = ASSTextParser.parse(text, eventStart: start)
            expectTrue(Self.same(parsed, reference), "round \(round): \(text.debugDescription)\n\(parsed)\n\(reference)")
            if !Self.same(parsed, reference) { return }
        }
    }

    /// One scanner parses many texts in a row (as the reader uses it) as fresh ones would.
    @Test func aReusedScannerForgetsTheLastText() {
        var g = Random(state: 7)
        var scanner = ASSTextScanner()
        for _ in 0..<2_000 {
            var text = Self.soup(&g)
            let reference = ReferenceASSTextParser.parse(text, eventStart: 1000)
            text.withUTF8 { scanner.parse($0, eventStart: 1000) }
            let parsed = ASSParsedText(plain: String(decoding: scanner.out, as: UTF8.self), spans: scanner.spans, words: scanner.words,
                                       anchor: scanner.anchor, point: scanner.point, hadDrawing: scanner.hadDrawing)
            expectTrue(Self.same(parsed, reference), "\(text.debugDescription)")
        }
    }

    static let corpusScripts = CorpusLocation.files(under: "external").filter { $0.hasSuffix(".ass") || $0.hasSuffix(".ssa") }

    /// Every event and Comment line of every corpus script: the same plain text, spans, words, placement
    /// and drawing flag from both parsers; and the reader's byte path gives the document its String path gives.
    @Test(arguments: corpusScripts)
    func corpusScriptsParseAsBefore(_ relative: String) throws {
        let raw = try #require(InputBytes(mappingFile: CorpusLocation.path(relative)))
        let text = try TextDecoding.decode(raw.asArray, sourceName: relative)
        let fast = try ASSReader.read(text, byteEvents: true)
        let slow = try ASSReader.read(text, byteEvents: false)
        Self.expectSame(fast, slow, relative)
        for parts in [2, 3, 7] { Self.expectSame(try ASSReader.read(text, parts: parts), slow, "\(relative) in \(parts) parts") }
        let comments = fast.document.assScript?.otherEvents.compactMap(\.value.comment) ?? []
        for event in fast.document.events + comments {
            let source = event.sourceText
            expectTrue(Self.same(ASSTextParser.parse(source, eventStart: event.start), ReferenceASSTextParser.parse(source, eventStart: event.start)),
                    "\(relative): \(source.debugDescription)")
        }
    }

    static func expectSame(_ fast: ParseResult, _ slow: ParseResult, _ name: String) {
        expectEqual(fast.document.events, slow.document.events, "\(name)")
        expectEqual(fast.document.events.map { Array($0.sourceText.utf8) }, slow.document.events.map { Array($0.sourceText.utf8) }, "\(name)")
        expectEqual(fast.document.events.map { Array($0.plainText.string.utf8) }, slow.document.events.map { Array($0.plainText.string.utf8) }, "\(name)")
        expectEqual(fast.document.events.map { $0.ass?.textDigest }, slow.document.events.map { $0.ass?.textDigest }, "\(name)")
        expectEqual(fast.document.assScript, slow.document.assScript, "\(name)")
        expectEqual(fast.document.styles, slow.document.styles, "\(name)")
        expectEqual(fast.document.metadata, slow.document.metadata, "\(name)")
        expectEqual(fast.eventLines, slow.eventLines, "\(name)")
        expectEqual(fast.diagnostics.map(\.description), slow.diagnostics.map(\.description), "\(name)")
        // The writer's path for a script as read (from the reader's rows, no event made) writes what it
        // writes for the same events made and set.
        expectTrue(fast.document.deferredEvents?.source is ASSEventRows, "\(name)")
        var made = fast.document
        made.events = made.events
        expectNil(made.deferredEvents, "\(name)")
        let fromRows = ASSFormat.write(fast.document, options: WriteOptions())
        let fromEvents = ASSFormat.write(made, options: WriteOptions())
        expectEqual(Array(fromRows.text.utf8), Array(fromEvents.text.utf8), "\(name)")
        expectEqual(fromRows.diagnostics.map(\.description), fromEvents.diagnostics.map(\.description), "\(name)")
        // Comment lines kept as rows (written back from the row) write what their events, made, write.
        let others = (made.assScript?.otherEvents ?? []).map { other in
            var value = other.value
            value.comment = value.comment
            expectNil(value.deferred)
            return ASSScript.Positioned(position: other.position, value: value)
        }
        made.assScript?.otherEvents = others
        expectEqual(made.assScript, fast.document.assScript, "\(name)")
        expectEqual(Array(ASSFormat.write(made, options: WriteOptions()).text.utf8), Array(fromRows.text.utf8), "\(name)")
    }

    /// Random Dialogue and Comment lines (odd fields, spaces, non-ASCII beside commas and colons, custom
    /// Format lines, malformed times) read by both paths of the reader.
    @Test func randomEventLinesReadByBothPaths() throws {
        var g = Random(state: 99)
        let keys = ["Dialogue", "Comment", "dialogue", "DIALOGUE", " Dialogue ", "Dialogue\u{301}", "Sound", "Format", "Dialogu", ";Dialogue", "[Dialogue"]
        let afterColon = [" ", "", "  ", "\t", " \u{301}", "\u{301}"]
        let times = ["0:00:01.00", "0:00:01.5", "0:00:01", "00:00:01.000", " 0:00:02.00 ", "0:00:0X.00", "-0:00:01.00", "+0:00:01.00",
                     "0:-0:01.00", "1:2:3.4567", "0:00:01.", "0:00:01.+5", "1234567890:00:00.00", "0:00:01.00\u{301}", "٠:00:01.00", "0:00:01,00"]
        let fields = ["", "0", "Alice", " Bob ", "日本", "\u{301}", "Sign*", "*Default", " *Top* ", "\u{600}", "-5", "12abc", "Banner;10;0;0", "é"]
        let formats = ["Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
                       "Format: Start, End, Style, Text", "Format: Text, Start, End", "Format: Layer, Start, End, Text, Text",
                       "Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", "Format: start,END, text"]
        for round in 0..<300 {
            var lines = ["[Script Info]", g.pick(["ScriptType: v4.00+", "ScriptType: v4.00", ""]), "", "[Events]"]
            if g.int(0...2) > 0 { lines.append(g.pick(formats)) }
            for _ in 0..<g.int(1...25) {
                var line = g.pick(keys) + ":" + g.pick(afterColon)
                var parts: [String] = []
                for k in 0..<g.int(1...11) {
                    switch k {
                    case 1, 2: parts.append(g.pick(times))
                    default: parts.append(g.pick(fields))
                    }
                }
                line += parts.joined(separator: g.int(0...9) == 0 ? ",\u{301}" : ",")
                line += "," + Self.soup(&g).replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                lines.append(line)
                if g.int(0...20) == 0 { lines.append(g.pick(formats)) }
            }
            // Line ends of every kind, bare CRs (old Mac files) among them, in some rounds.
            let ends = round % 4 == 0 ? ["\n", "\r\n", "\r"] : ["\n"]
            let text = DecodedText(lines.map { $0 + g.pick(ends) }.joined(), sourceName: "random-\(round).ass")
            let fast = try ASSReader.read(text, byteEvents: true)
            let slow = try ASSReader.read(text, byteEvents: false)
            Self.expectSame(fast, slow, "round \(round)")
            Self.expectSame(try ASSReader.read(text, parts: 2 + round % 5), slow, "round \(round) in parts")
        }
    }

    /// Two `[Events]` sections (the second adds to the first), each long enough to be read in parts,
    /// Comment lines among the Dialogue lines of both: the same document as the line-by-line reader's.
    @Test func aSecondEventsSectionReadInPartsPlacesItsComments() throws {
        var lines = ["[Script Info]", "ScriptType: v4.00+", "", "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"]
        func events(_ prefix: String) {
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            for k in 0..<40 {
                let kind = k % 7 == 3 ? "Comment" : "Dialogue"
                lines.append("\(kind): 0,0:00:\(two(k)).00,0:00:\(two(k + 1)).00,Default,,0,0,0,,{\\i1}\(prefix) \(k)")
            }
        }
        events("first")
        lines += ["", "[Fonts]", "fontname: x.ttf", "", "[Events]"]
        events("second")
        let text = DecodedText(lines.joined(separator: "\n"), sourceName: "two-sections.ass")
        let slow = try ASSReader.read(text, byteEvents: false)
        for parts in [2, 3, 5] { Self.expectSame(try ASSReader.read(text, parts: parts), slow, "two sections in \(parts) parts") }
        expectTrue(slow.document.eventCount == 68 && slow.document.assScript?.otherEvents.count == 12)
    }
}
