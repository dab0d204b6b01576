import CaptionModel
import CaptionRender
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionLibass

/// libass as the reference renderer: it draws where and when the script says, in the script's colours,
/// with only the fonts it was given.
@Suite struct LibassRendererTests {
    static let fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let (width, height) = (540, 960)

    /// One event from 1 s to 3 s, bottom centre (MarginV 100), in `colour` (`&HBBGGRR&`) with a black outline.
    static func script(colour: String = "&H00FFFFFF") -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 540
        PlayResY: 960
        ScaledBorderAndShadow: yes
        WrapStyle: 2

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,48,\(colour),&H000000FF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,4,0,2,20,20,100,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,Hello world

        """
    }

    func renderer(_ text: String = script()) throws -> LibassRenderer {
        try #require(FileManager.default.fileExists(atPath: Self.fontFile), "needs fonts-dejavu-core")
        let r = try LibassRenderer(fontFiles: [Self.fontFile], defaultFamily: "DejaVu Sans", width: Self.width, height: Self.height)
        try r.load(assText: text)
        return r
    }

    func pixels(_ image: RGBAImage, where test: (RGBAColor) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where test(image[x, y]) { n += 1 } }
        return n
    }

    @Test func drawsWhiteTextWithABlackOutlineInsideTheEvent() throws {
        let r = try renderer()
        expectEqual(r.eventCount, 1)
        var image = RGBAImage(width: Self.width, height: Self.height)
        let count = r.render(at: 2000, onto: &image)
        expectTrue(count > 0)
        let ink = try #require(image.opaqueBounds, "libass drew nothing")
        // Bottom centre, above the 100 px margin, within the side margins.
        expectTrue(ink.maxY <= Self.height - 100 + 8 && ink.y > Self.height / 2, "\(ink)")
        expectTrue(ink.x >= 20 - 8 && ink.maxX <= Self.width - 20 + 8, "\(ink)")
        expectTrue(abs((ink.x + ink.maxX) / 2 - Self.width / 2) < 10, "\(ink)")
        let white = pixels(image) { $0.alpha == 255 && $0.red > 240 && $0.green > 240 && $0.blue > 240 }
        let black = pixels(image) { $0.alpha == 255 && $0.red < 16 && $0.green < 16 && $0.blue < 16 }
        expectTrue(white > 100 && black > 100, "white \(white), black \(black)")
    }

    @Test func drawsNothingOutsideTheEvent() throws {
        let r = try renderer()
        for t in [0, 999, 3000, 5000] {
            var image = RGBAImage(width: Self.width, height: Self.height)
            expectEqual(r.render(at: t, onto: &image), 0, "at \(t) ms")
            expectNil(image.opaqueBounds, "at \(t) ms")
        }
    }

    @Test func coloursAreBGRAndTransparencyBecomesAlpha() throws {
        // &H0000FF is red in ASS's BGR order.
        let r = try renderer(Self.script(colour: "&H000000FF"))
        var image = RGBAImage(width: Self.width, height: Self.height)
        expectTrue(r.render(at: 1500, onto: &image) > 0)
        let red = pixels(image) { $0.alpha == 255 && $0.red > 240 && $0.green < 16 && $0.blue < 16 }
        let blue = pixels(image) { $0.alpha > 0 && $0.blue > 128 }
        expectTrue(red > 100 && blue == 0, "red \(red), blue \(blue)")
        // 0xRRGGBBTT: TT is transparency.
        expectEqual(LibassRenderer.color(0xFF80_4000), RGBAColor(red: 255, green: 128, blue: 64, alpha: 255))
        expectEqual(LibassRenderer.color(0x0000_FFFF), RGBAColor(red: 0, green: 0, blue: 255, alpha: 0))
        expectEqual(LibassRenderer.color(0x1020_3040), RGBAColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 0xBF))
    }

    @Test func errorsNameWhatFailed() throws {
        #expect(throws: LibassError.unreadableFont(path: "/no/such/font.ttf")) {
            try LibassRenderer(fontFiles: ["/no/such/font.ttf"], defaultFamily: "DejaVu Sans", width: 10, height: 10)
        }
        #expect(throws: LibassError.noFonts) { try LibassRenderer(fontFiles: [], defaultFamily: "X", width: 10, height: 10) }
        #expect(throws: LibassError.invalidSize(width: 0, height: 10)) {
            try LibassRenderer(fontFiles: [Self.fontFile], defaultFamily: "X", width: 0, height: 10)
        }
        expectTrue(LibassError.unreadableFont(path: "/a.ttf").description.contains("/a.ttf"))
        let r = try LibassRenderer(fontFiles: [Self.fontFile], defaultFamily: "DejaVu Sans", width: 10, height: 10)
        #expect(throws: LibassError.unreadableScript) { try r.load(assText: "") }
        var image = RGBAImage(width: 10, height: 10)
        expectEqual(r.render(at: 0, onto: &image), 0) // nothing loaded
    }

    @Test func versionIsHex() {
        expectTrue(LibassRenderer.version.hasPrefix("0x") && LibassRenderer.version.count > 3)
    }
}
