import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The byte path's shortcuts for an event's fields: Style, Name and Effect Strings remembered for a
/// script's recent values (`ASSFieldStrings`), commas found 64 bytes at a time as a bit mask. Each against the
/// values written and against the line-by-line String path.
@Suite struct ASSFieldValuesTests {
    /// More distinct speakers than are remembered, in turn and at random, of lengths around one and two
    /// eight-byte words (with blanks to trim, non-ASCII, and names equal but for one byte).
    static let names = ["", "A", "Bob", "Alice", " Bob", "Bob ", "Bo\tb", "Zoë", "12345678", "123456789", "1234567812345678",
                        "12345678123456789", "1234567812345679", "Narrator (off screen)", "日本語の話者", "b", "B", "Alicf"]

    static func script(_ lines: [(style: String, name: String, effect: String)], trailing: String = "\n") -> String {
        var s = "[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\n"
        s += "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n"
        s += "Style: Default,Arial,54,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2.5,1,2,60,60,40,1\n\n"
        s += "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        for (n, line) in lines.enumerated() {
            let kind = n % 5 == 4 ? "dialogue" : "Dialogue" // the key in any case
            s += "\(kind): \(n % 3),0:00:\(String(format: "%02d", n % 60)).00,0:01:00.00,\(line.style),\(line.name),\(n % 7),0,\(n),\(line.effect),Text \(n)\n"
        }
        return String(s.dropLast()) + trailing
    }

    static func lines(count: Int) -> [(style: String, name: String, effect: String)] {
        var g = ASSParserDifferentialTests.Random(state: 41)
        return (0..<count).map { n in
            let name = n < 3 * names.count ? names[n % names.count] : g.pick(names)
            return (style: g.pick(["Default", "*Default", " Default ", "Sign", "Karaoke", "Default2", "", "Songs and signs, long"]).replacingOccurrences(of: ",", with: ""),
                    name: name, effect: g.pick(["", "Banner;12", "Scroll up;0;1080;20", name]))
        }
    }

    @Test func namesStylesAndEffectsAreTheValuesWritten() throws {
        let lines = Self.lines(count: 400)
        // The last line's fields end within 16 bytes of the file's end (no line feed): the words are
        // read byte by byte there.
        for trailing in ["\n", ""] {
            let text = try TextDecoding.decode(Array(Self.script(lines, trailing: trailing).utf8), sourceName: "names.ass")
            let fast = try ASSReader.read(text, byteEvents: true)
            let slow = try ASSReader.read(text, byteEvents: false)
            ASSParserDifferentialTests.expectSame(fast, slow, "names.ass")
            for parts in [2, 5] { ASSParserDifferentialTests.expectSame(try ASSReader.read(text, parts: parts), slow, "names.ass in \(parts) parts") }
            let events = fast.document.events
            try #require(events.count == lines.count)
            for (event, line) in zip(events, lines) {
                let style = line.style.trimmingCharacters(in: .init(charactersIn: " \t")).drop { $0 == "*" }
                expectEqual(event.style, (style.isEmpty ? nil : String(style)))
                expectEqual(event.ass?.name, line.name.trimmingCharacters(in: .init(charactersIn: " \t")))
                expectEqual(event.ass?.effect, line.effect.trimmingCharacters(in: .init(charactersIn: " \t")))
            }
        }
    }

    /// A comma at every offset from a field's start, across the eight-byte words it is looked for in,
    /// in a line just long enough and in one ending at the buffer's end.
    @Test func commasAreFoundAtEveryOffset() throws {
        for width in 0...20 {
            let layer = String(repeating: "0", count: max(width, 1))
            let name = String(repeating: "n", count: width)
            let source = Self.script([]) + "Dialogue: \(layer),0:00:01.00,0:00:02.00,Default,\(name),1,2,3,,x"
            let text = try TextDecoding.decode(Array(source.utf8), sourceName: "commas.ass")
            let event = try #require(try ASSReader.read(text).document.events.first)
            expectTrue(event.start == 1000 && event.end == 2000)
            expectEqual(event.ass?.name, name)
            expectTrue(event.ass?.marginLeft == 1 && event.ass?.marginRight == 2 && event.ass?.marginVertical == 3)
            expectEqual(event.plainText.string, "x")
        }
    }
}
