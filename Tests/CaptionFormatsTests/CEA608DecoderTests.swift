import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Byte pairs made by hand, one a frame at 29.97, through `CEA608Decoder`.
struct PairStream {
    var pairs: [(UInt8, UInt8)] = []
    var channel: CEA608Channel = .cc1

    /// A control code, sent twice as encoders do unless `doubled` is false.
    mutating func code(_ command: CEA608Command, doubled: Bool = true) {
        guard let pair = command.pair(channel: channel) else { return }
        pairs.append(pair)
        if doubled { pairs.append(pair) }
    }
    mutating func misc(_ misc: CEA608Command.Misc, doubled: Bool = true) { code(.misc(misc), doubled: doubled) }
    /// Standard characters, two a pair, odd parity.
    mutating func text(_ string: String) {
        var bytes = Array(string.utf8)
        if bytes.count % 2 == 1 { bytes.append(0) }
        for k in stride(from: 0, to: bytes.count, by: 2) {
            pairs.append((CEA608Characters.withOddParity(bytes[k]), CEA608Characters.withOddParity(bytes[k + 1])))
        }
    }
    /// RCL and a PAC: characters from here on build a pop-on caption on row 15.
    mutating func loadPopOn() {
        misc(.rcl)
        code(.preamble(row: 15, indent: 0, attribute: .white, underline: false))
    }
    /// `n` frames of padding.
    mutating func pad(_ n: Int) { for _ in 0..<n { pairs.append((0x80, 0x80)) } }
    /// EOC (the loaded caption shown), `frames` of padding, EDM (cleared): the frames of the two codes.
    mutating func show(for frames: Int) -> (eoc: Int, edm: Int) {
        let eoc = frame
        misc(.eoc)
        pad(frames)
        let edm = frame
        misc(.edm)
        return (eoc, edm)
    }
    /// The frame the next pair will be sent in.
    var frame: Int { pairs.count }

    static func ms(_ frame: Int) -> Milliseconds { Milliseconds(SCCClock.ntsc.milliseconds(frame: frame).rounded()) }

    func decode(as channel: CEA608Channel? = nil, field: Int = 1, end: Int? = nil) -> (events: [CaptionEvent], decoder: CEA608Decoder) {
        var decoder = CEA608Decoder(channel: channel ?? self.channel)
        for (k, pair) in pairs.enumerated() { decoder.feed(field: field, pair.0, pair.1, at: Self.ms(k)) }
        let events = decoder.finish(at: end.map(Self.ms))
        return (events, decoder)
    }
}

@Suite struct CEA608DecoderTests {
    @Test func popOnCaptionAppearsAtTheEOCFrame() {
        var s = PairStream()
        s.loadPopOn()
        s.text("HELLO")
        s.pad(20)
        let (eoc, edm) = s.show(for: 60)
        let events = s.decode().events
        expectEqual(events.count, 1)
        expectEqual(events.first?.start, PairStream.ms(eoc))
        expectEqual(events.first?.end, PairStream.ms(edm))
        expectEqual(events.first?.text.plain, "HELLO")
        // Row 15's box, the last of 15 rows over the middle 80 % of the height, from column 0: the
        // text at the box's bottom left (a 608 caption at column 0 is left-aligned on screen).
        expectEqual(events.first?.placement?.anchor, 1)
        let area = events.first?.placement?.area
        expectTrue(area?.x == 10 && area?.width == 80 && abs((area?.y ?? 0) - 84.667) < 0.001 && abs((area?.height ?? 0) - 5.333) < 0.001, "\(String(describing: area))")
    }

    @Test func popOnReplacesTheCaptionAndDropsStatesShownForNoTime() {
        var s = PairStream()
        for (k, word) in ["ONE", "TWO"].enumerated() {
            s.misc(.rcl)
            s.code(.preamble(row: 2, indent: 0, attribute: .white, underline: false))
            s.text(word)
            if k == 1 { s.misc(.edm) } // erased two frames before the EOC: an empty screen, no event
            s.misc(.eoc)
            s.pad(30)
        }
        let events = s.decode(end: s.frame).events
        expectEqual(events.map(\.text.plain), ["ONE", "TWO"])
        expectEqual(events.first?.end, events.last?.start.advanced(by: -(PairStream.ms(2) - PairStream.ms(0))))
        // Row 2, column 0: hanging from the top, at the left.
        expectTrue(events.allSatisfy { $0.placement?.anchor == 7 })
    }

    @Test(arguments: [2, 3, 4])
    func rollUpKeepsItsWindowOfRows(_ rows: Int) {
        var s = PairStream()
        s.misc(rows == 2 ? .ru2 : rows == 3 ? .ru3 : .ru4)
        var crFrames: [Int] = []
        for word in ["ONE", "TWO", "THREE", "FOUR", "FIVE"] {
            crFrames.append(s.frame)
            s.misc(.cr)
            s.code(.preamble(row: 15, indent: 0, attribute: .white, underline: false))
            s.text(word)
            s.pad(40)
        }
        let events = s.decode(end: s.frame).events
        let words = ["ONE", "TWO", "THREE", "FOUR", "FIVE"]
        expectEqual(events.count, 5)
        for (k, event) in events.enumerated() {
            // Each row is dated from the CR that opened it, and the window keeps `rows` rows.
            expectEqual(event.start, PairStream.ms(crFrames[k]))
            expectEqual(event.text.plain, words[max(0, k + 1 - rows)...k].joined(separator: "\n"))
        }
    }

    @Test func rollUpBaseRowComesFromThePACAndTheWindowMovesWithIt() {
        var s = PairStream()
        s.misc(.ru2)
        s.misc(.cr)
        s.code(.preamble(row: 15, indent: 0, attribute: .white, underline: false))
        s.text("LOW")
        s.pad(40)
        s.misc(.cr)
        s.code(.preamble(row: 3, indent: 0, attribute: .white, underline: false))
        s.text("HIGH")
        s.pad(40)
        let events = s.decode(end: s.frame).events
        expectEqual(events.last?.text.plain, "LOW\nHIGH")
        expectEqual(events.last?.placement?.anchor, 7)
    }

    @Test func paintOnShowsCharactersAsTheyArrive() {
        var s = PairStream()
        s.misc(.rdc)
        s.code(.preamble(row: 1, indent: 0, attribute: .white, underline: false))
        let first = s.frame
        s.text("HI")
        s.pad(60)
        let second = s.frame
        s.text("!!")
        s.pad(30)
        s.misc(.edm)
        let events = s.decode().events
        expectEqual(events.map(\.text.plain), ["HI", "HI!!"])
        expectEqual(events.map(\.start), [PairStream.ms(first), PairStream.ms(second)])
        expectEqual(events.first?.placement?.anchor, 7)
    }

    /// 608's grid is monospaced and the style's font is not, so rows are placed by how they sit on
    /// the grid: centred rows centred, rows that start together from their column, rows that end
    /// together at theirs.
    @Test func rowsAreAlignedAsTheySitOnTheGrid() {
        expectEqual(CEA608Screen.alignment(of: [10...21, 8...23]), .center)
        expectEqual(CEA608Screen.alignment(of: [11...21]), .center)  // 11 cells, middle 16.5
        expectEqual(CEA608Screen.alignment(of: [4...9, 4...20]), .left(4))
        expectEqual(CEA608Screen.alignment(of: [0...20]), .left(0))
        expectEqual(CEA608Screen.alignment(of: [20...31, 25...31]), .right(31))
        expectEqual(CEA608Screen.alignment(of: [6...9, 2...12]), .left(2))
        func decoded(_ rows: [(row: Int, indent: Int, text: String)]) -> CuePlacement? {
            var s = PairStream()
            s.misc(.rcl)
            for r in rows {
                s.code(.preamble(row: r.row, indent: r.indent, attribute: .white, underline: false))
                s.text(r.text)
            }
            s.misc(.eoc)
            s.pad(30)
            return s.decode(end: s.frame).events.first?.placement
        }
        // Indents come in fours (PACs); "CENTRED TEXT" (12 cells) from column 8 is not centred, from
        // 12 with "MID" (3 cells, middle 13.5) neither: both left at their columns, 2.5 % a column.
        let left = decoded([(14, 8, "LEFT ROW"), (15, 8, "AND ANOTHER")])
        expectTrue(left?.anchor == 1 && left?.area?.x == 30 && left?.area?.width == 60, "\(String(describing: left))")
        let centred = decoded([(14, 12, "12345678"), (15, 8, "1234567890123456")])
        expectTrue(centred?.anchor == nil && centred?.area?.x == 10 && centred?.area?.width == 80, "\(String(describing: centred))")
        let top = decoded([(2, 20, "12345678901"), (3, 24, "1234567")])
        expectTrue(top?.anchor == 9 && top?.area?.x == 10 && top?.area?.width == 77.5, "\(String(describing: top))")
    }

    /// Rows apart on one screen (a speaker placed at the top, another at the bottom) are two captions
    /// shown together, each in the box of its own rows; a change to one leaves the other's caption
    /// running.
    @Test func rowsApartAreCaptionsOfTheirOwn() {
        var s = PairStream()
        s.misc(.rcl)
        s.code(.preamble(row: 2, indent: 8, attribute: .white, underline: false))
        s.text("UP HERE")
        s.code(.preamble(row: 14, indent: 8, attribute: .white, underline: false))
        s.text("DOWN HERE")
        s.code(.preamble(row: 15, indent: 8, attribute: .white, underline: false))
        s.text("AND HERE")
        let (eoc, edm) = s.show(for: 60)
        let events = s.decode().events
        expectEqual(events.map(\.text.plain), ["UP HERE", "DOWN HERE\nAND HERE"], "\(events.map(\.text.plain))")
        expectTrue(events.allSatisfy { $0.start == PairStream.ms(eoc) && $0.end == PairStream.ms(edm) }, "\(events.map { ($0.start, $0.end) })")
        let h = 80.0 / 15
        let top = events.first?.placement, bottom = events.last?.placement
        expectTrue(top?.anchor == 7 && abs((top?.area?.y ?? 0) - (10 + 1 * h)) < 1e-9 && abs((top?.area?.height ?? 0) - h) < 1e-9, "\(String(describing: top))")
        expectTrue(bottom?.anchor == 1 && abs((bottom?.area?.y ?? 0) - (10 + 13 * h)) < 1e-9 && abs((bottom?.area?.height ?? 0) - 2 * h) < 1e-9, "\(String(describing: bottom))")
    }

    @Test func pacIndentAndTabOffsetsPlaceTextAndTheIndentIsDropped() {
        var s = PairStream()
        s.misc(.rcl)
        s.code(.preamble(row: 14, indent: 8, attribute: .white, underline: false))
        s.text("A")
        s.code(.tabOffset(2))
        s.text("B")
        s.code(.preamble(row: 15, indent: 4, attribute: .white, underline: false))
        s.code(.tabOffset(3))
        s.text("C")
        s.misc(.eoc)
        let events = s.decode(end: s.frame + 30).events
        // A at column 8, the cursor at 9, two columns on: B at 11, two empty cells between.
        expectEqual(events.first?.text.plain, "A  B\nC")
    }

    @Test func midRowItalicsBecomeAnItalicSpan() throws {
        var s = PairStream()
        s.loadPopOn()
        s.text("plain")
        s.code(.midRow(attribute: .italics, underline: false))
        s.text("slanted")
        s.code(.midRow(attribute: .white, underline: false))
        s.text("x")
        s.misc(.eoc)
        let event = try #require(s.decode(end: s.frame + 30).events.first)
        expectEqual(event.text.plain, "plain slanted x")
        expectEqual(event.text.spans, [TextSpan(start: 6, end: 13, kind: .italic)])
    }

    @Test func pacColourAndUnderlineBecomeSpans() throws {
        var s = PairStream()
        s.misc(.rcl)
        s.code(.preamble(row: 15, indent: 0, attribute: .green, underline: true))
        s.text("GO")
        s.misc(.eoc)
        let event = try #require(s.decode(end: s.frame + 30).events.first)
        expectTrue(event.text.spans.contains(TextSpan(start: 0, end: 2, kind: .underline)))
        expectTrue(event.text.spans.contains(TextSpan(start: 0, end: 2, kind: .color(RGBAColor(red: 0, green: 255, blue: 0)))))
    }

    @Test func specialAndExtendedCharacters() throws {
        var s = PairStream()
        s.loadPopOn()
        s.code(.special(0x37)) // ♪
        s.text(" u")
        s.code(.extended(first: 0x12, second: 0x25)) // ü, replacing the fallback u
        s.text("ber")
        s.misc(.eoc)
        let event = try #require(s.decode(end: s.frame + 30).events.first)
        expectEqual(event.text.plain, "♪ über")
    }

    @Test func extendedCharactersFromTheEncodersTableReplaceTheirFallback() throws {
        // Whatever the shared table sends for é-less 608 letters comes back as the letter.
        for letter: Character in ["ü", "Ü", "ß", "Á", "«", "Ø"] {
            guard case .extended(let first, let second, let fallback)? = CEA608Characters.code(for: letter) else {
                Issue.record("\(letter) is not extended"); continue
            }
            var s = PairStream()
            s.loadPopOn()
            s.text(String(UnicodeScalar(fallback)))
            s.code(.extended(first: first, second: second))
            s.misc(.eoc)
            expectEqual(s.decode(end: s.frame + 30).events.first?.text.plain, String(letter))
        }
    }

    @Test func doubledControlCodesAreObeyedOnce() {
        var s = PairStream()
        s.misc(.rdc)
        s.code(.preamble(row: 15, indent: 0, attribute: .white, underline: false))
        s.text("ABCDEF")
        s.misc(.bs) // sent twice: one backspace
        s.pad(30)
        s.misc(.bs, doubled: false)
        s.misc(.bs, doubled: false)
        s.misc(.bs, doubled: false) // a third copy counts again: two backspaces
        s.pad(30)
        s.misc(.bs, doubled: false)
        s.pad(1)
        s.misc(.bs, doubled: false) // not the very next pair: obeyed too
        s.pad(30)
        let events = s.decode(end: s.frame).events
        expectEqual(events.map(\.text.plain), ["ABCDE", "ABC", "A"])
    }

    @Test func aControlCodeWithBadParityIsIgnored() {
        var s = PairStream()
        s.loadPopOn()
        s.text("LOST")
        s.pairs.append((0x14, 0x2F)) // EOC with the parity bit missing from its first byte
        s.pairs.append((0x14, 0x2F))
        s.pad(30)
        let result = s.decode(end: s.frame)
        expectTrue(result.events.isEmpty)
        expectEqual(result.decoder.diagnostics.count, 1)
        expectEqual(result.decoder.diagnostics.first?.message.contains("2 control codes ignored"), true)

        // A damaged first copy, then a sound one: the sound copy is obeyed.
        var t = PairStream()
        t.loadPopOn()
        t.text("KEPT")
        let eoc = CEA608Command.misc(.eoc).pair(channel: .cc1)!
        t.pairs.append((eoc.0, eoc.1 ^ 0x01))
        t.pairs.append(eoc)
        expectEqual(t.decode(end: t.frame + 30).events.map(\.text.plain), ["KEPT"])
    }

    @Test func characterBytesWithBadParity() throws {
        var s = PairStream()
        s.loadPopOn()
        // 0xC3 is C with a parity bit set wrong (damaged): a solid block. 0x65 is e sent without its
        // parity bit: shown as sent.
        s.pairs.append((0xC1, 0xC3))
        s.pairs.append((0x65, 0x80))
        s.misc(.eoc)
        let result = s.decode(end: s.frame + 30)
        expectEqual(result.events.first?.text.plain, "A█e")
        let message = try #require(result.decoder.diagnostics.first?.message)
        expectTrue(message.contains("1 damaged character shown as █"))
        expectTrue(message.contains("1 character sent without a parity bit"))
    }

    @Test func onlyTheChosenChannelIsShown() {
        var s = PairStream()
        s.channel = .cc1
        s.loadPopOn()
        s.text("FIRST")
        s.channel = .cc2
        s.misc(.rcl)
        s.code(.preamble(row: 14, indent: 0, attribute: .white, underline: false))
        s.text("SECOND")
        s.misc(.eoc)
        s.channel = .cc1
        s.misc(.eoc)
        s.pad(30)
        expectEqual(s.decode(as: .cc1, end: s.frame).events.map(\.text.plain), ["FIRST"])
        expectEqual(s.decode(as: .cc2, end: s.frame).events.map(\.text.plain), ["SECOND"])
        // Field 1 pairs mean nothing to CC3, and pairs fed as field 2 nothing to CC1.
        expectTrue(s.decode(as: .cc3, end: s.frame).events.isEmpty)
        expectTrue(s.decode(as: .cc1, field: 2, end: s.frame).events.isEmpty)
    }

    @Test func field2ChannelsAndXDS() {
        var s = PairStream()
        s.channel = .cc3
        s.loadPopOn()
        s.text("CC3")
        s.pairs.append((0x01, 0x03)) // XDS start: the characters after it are XDS, not captions
        s.text("XDS")
        s.pairs.append((0x8F, 0x20))
        s.misc(.eoc)
        expectEqual(s.decode(field: 2, end: s.frame + 30).events.map(\.text.plain), ["CC3"])
    }

    @Test func textModeIsIgnored() {
        var s = PairStream()
        s.loadPopOn()
        s.text("CAP")
        s.misc(.tr)
        s.text("TEXT SERVICE")
        s.misc(.rcl)
        s.text("TION")
        s.misc(.eoc)
        expectEqual(s.decode(end: s.frame + 30).events.map(\.text.plain), ["CAPTION"])
    }

    @Test func aCaptionStillShownEndsFiveSecondsLaterOrAtTheGivenEnd() {
        var s = PairStream()
        s.loadPopOn()
        s.text("LAST")
        let eoc = s.frame
        s.misc(.eoc)
        expectEqual(s.decode().events.first?.end, PairStream.ms(eoc) + 5000)
        expectEqual(s.decode(end: eoc + 90).events.first?.end, PairStream.ms(eoc + 90))
    }

    @Test func aRowPastColumn32KeepsItsText() {
        var s = PairStream()
        s.misc(.rcl)
        s.code(.preamble(row: 15, indent: 20, attribute: .white, underline: false))
        s.text("( horn honking )")
        s.misc(.eoc)
        expectEqual(s.decode(end: s.frame + 30).events.first?.text.plain, "( horn honking )")
    }

    @Test func oddInputNeverTraps() {
        // Every pair value, fed twice and once, in every field, with times that go back.
        var decoder = CEA608Decoder(channel: .cc1)
        var time = 0
        for first in 0...255 {
            for second in stride(from: 0, through: 255, by: 3) {
                decoder.feed(field: 1, UInt8(first), UInt8(second), at: time)
                decoder.feed(field: 1, UInt8(first), UInt8(second), at: time + 33)
                time += second % 7 == 0 ? -50 : 33
            }
        }
        let events = decoder.finish(at: nil)
        expectTrue(events.allSatisfy { $0.end > $0.start })
        expectTrue(zip(events, events.dropFirst()).allSatisfy { $0.start <= $1.start })
    }
}
