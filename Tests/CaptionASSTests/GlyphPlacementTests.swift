import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation
import CaptionExpectations
import Testing

/// The native renderer puts every glyph where libass puts it for the compiled ASS: the centroid of
/// each glyph's fill, native against libass, within 0.03 px. Before the layout used libass's
/// arithmetic (hinted advances at 256 px, truncation to 1/64 px, centres on libass's 1/8 px grid per
/// run) glyphs drifted up to 0.25 px by the end of a word.
@Suite struct GlyphPlacementTests {
    /// Per glyph (a run of columns with fill, separated by empty columns): (native, libass) centroid x.
    func centroids(_ text: String, line lineIndex: Int) throws -> [(Double, Double)] {
        let frames = try TextFrames(text, style: TextFrames.plainStyle { $0.strokeWidth = 0 })
        let (a, b, layout, w) = (frames.native, frames.libass, frames.layout, TextFrames.width)

        let line = layout.lines[lineIndex]
        let rows = (Int(line.top) - 2)..<(Int(line.bottom) + 2)
        func column(_ image: RGBAImage, _ x: Int) -> Double {
            rows.reduce(0.0) { $0 + Double(image.pixels[($1 * w + x) * 4 + 3]) }
        }
        var result: [(Double, Double)] = []
        var start: Int?
        for x in 0...w {
            let filled = x < w && (column(a, x) > 0 || column(b, x) > 0)
            if filled, start == nil { start = x }
            guard !filled, let s = start else { continue }
            start = nil
            var (ma, mb, xa, xb) = (0.0, 0.0, 0.0, 0.0)
            for c in s..<x {
                let (ca, cb) = (column(a, c), column(b, c))
                ma += ca; mb += cb; xa += ca * Double(c); xb += cb * Double(c)
            }
            if ma > 0, mb > 0 { result.append((xa / ma, xb / mb)) }
        }
        return result
    }

    /// Kerned pairs are allowed half an eighth more: HarfBuzz scales GPOS values at libass's font scale
    /// with its own rounding, which occasionally tips a glyph to the neighbouring 1/8 px (measured
    /// 0.057 px on the heavily kerned line).
    @Test(arguments: [("So today we're testing 3 caption styles.", 0, 0.03), ("So today we're testing 3 caption styles.", 1, 0.03),
                      ("Kerning: AVAWAY To. Wo, 1,234.", 0, 0.07)])
    func glyphsLandWhereLibassPutsThem(text: String, line: Int, tolerance: Double) throws {
        let pairs = try centroids(text, line: line)
        expectTrue(pairs.count >= 8)
        for (i, (native, libass)) in pairs.enumerated() {
            expectTrue(abs(native - libass) < tolerance, "glyph \(i): native centroid \(native), libass \(libass)")
        }
    }
}
