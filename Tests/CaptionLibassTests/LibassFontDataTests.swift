import CaptionModel
import CaptionRender
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionLibass

/// libass 0.17.1 takes a font's first Microsoft Unicode character map, BMP-only in Symbola, so emoji
/// given to it as embedded fonts came out in its default font; the copy it gets lists the full map first.
@Suite struct LibassFontDataTests {
    static let symbola = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
    static let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The (platform, encoding) of each character map record, in order.
    func cmapRecords(_ data: Data) throws -> [[Int]] {
        let bytes = [UInt8](data)
        let cmap = try #require(LibassFontData.tableOffset("cmap", in: bytes))
        let count = Int(bytes[cmap + 2]) << 8 | Int(bytes[cmap + 3])
        return (0..<count).map { i in
            let r = cmap + 4 + 8 * i
            return [Int(bytes[r]) << 8 | Int(bytes[r + 1]), Int(bytes[r + 2]) << 8 | Int(bytes[r + 3])]
        }
    }

    @Test func fullUnicodeMapComesFirstAndNothingElseChanges() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.symbola))
        expectTrue(try cmapRecords(original) == [[0, 0], [1, 0], [3, 1], [3, 10]])
        let patched = LibassFontData.preferringFullUnicodeMap(original)
        expectTrue(try cmapRecords(patched) == [[0, 0], [1, 0], [3, 10], [3, 1]])
        expectEqual(patched.count, original.count)
        let changed = zip(original, patched).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        expectTrue(changed.count <= 16, "only the two 8-byte records move: \(changed.count) bytes differ")
    }

    @Test func fontsWithoutTheTwoMapsAndNonFontsAreLeftAlone() throws {
        let dejavu = try Data(contentsOf: URL(fileURLWithPath: Self.dejavu))
        let records = try cmapRecords(dejavu)
        if !(records.contains([3, 1]) && records.contains([3, 10])) {
            expectEqual(LibassFontData.preferringFullUnicodeMap(dejavu), dejavu)
        }
        let junk = Data("not a font at all, just text".utf8)
        expectEqual(LibassFontData.preferringFullUnicodeMap(junk), junk)
        expectEqual(LibassFontData.preferringFullUnicodeMap(Data()), Data())
        // A directory claiming a cmap table past the end of the data.
        var truncated = [UInt8](dejavu.prefix(200))
        truncated[4] = 0; truncated[5] = 9
        expectEqual(LibassFontData.preferringFullUnicodeMap(Data(truncated)), Data(truncated))
    }

    /// libass draws U+1F3AC from Symbola (its outline: ink in the glyph's middle), not its default
    /// font's missing-glyph box (an empty rectangle: no ink in the middle).
    @Test func libassDrawsAnEmojiFromSymbola() throws {
        let script = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 200
        PlayResY: 200

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,120,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\fnSymbola}🎬

        """
        let r = try LibassRenderer(fontFiles: [Self.dejavu, Self.symbola], defaultFamily: "DejaVu Sans", defaultFont: Self.dejavu,
                                   width: 200, height: 200)
        try r.load(assText: script)
        var image = RGBAImage(width: 200, height: 200)
        r.render(at: 500, onto: &image)
        let box = try #require(image.opaqueBounds)
        // The clapperboard's stripes and slate: a good share of the glyph's middle is inked.
        var inked = 0, total = 0
        for y in box.y + box.height / 4..<box.y + 3 * box.height / 4 {
            for x in box.x + box.width / 4..<box.x + 3 * box.width / 4 {
                total += 1
                if image[x, y].alpha > 128 { inked += 1 }
            }
        }
        expectTrue(Double(inked) / Double(total) > 0.3, "\(inked) of \(total) middle pixels inked")
    }
}
