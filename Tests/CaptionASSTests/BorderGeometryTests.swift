import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation
import CaptionExpectations
import Testing

/// The native border (`\bord`, our stroke) has libass's geometry: single glyphs with a thick border,
/// native against libass, grade GOOD with libass's compare metric. The glyphs are the hard cases of
/// libass's stroker: counters the border nearly fills ('a', 'e', 'g'), thin strokes where its inner
/// offset folds ('S'), corners ('l'). With FreeType's stroker the counters and folds differed by up
/// to 60 levels in flat areas (BAD).
@Suite struct BorderGeometryTests {
    func compare(_ text: String, size: Double, stroke: Double) throws -> ImageComparison {
        let frames = try TextFrames(text, style: TextFrames.plainStyle { $0.fontSize = size; $0.strokeWidth = stroke })
        return try ImageComparison(actual: frames.native, expected: frames.libass)
    }

    @Test(arguments: ["l", "o", "a", "e", "g", "S"])
    func singleGlyphBorderGradesGood(glyph: String) throws {
        for (size, stroke) in [(40.0, 3.0), (80.0, 6.0)] {
            let result = try compare(glyph, size: size, stroke: stroke)
            expectTrue(result.grade <= .good, "'\(glyph)' at \(size) px, border \(stroke) px: score \(result.score) at \(result.worstPixel.map(String.init(describing:)) ?? "-")")
        }
    }

    /// With libass's rasterizer ported (`LibassRasterizer`) and every placement step matched, stroked
    /// text without effects is libass's to the last level: SAME, not only GOOD. Before the port,
    /// "lazy" at 40 px graded BAD (252 against 255 where the borders of 'l' and 'a' meet), and before
    /// glyph keys held the exact size, "styles." at 48.3 px lost a step of border width on its 's'.
    @Test func strokedTextIsIdenticalToLibass() throws {
        for (text, size) in [("lazy", 80.0), ("testing", 92.0), ("styles.", 96.6), ("Saga", 124.0)] {
            let result = try compare(text, size: size, stroke: 6)
            expectEqual(result.grade, .same, "'\(text)' at \(size / 2) px: \(result.grade) score \(result.score) at \(result.worstPixel.map(String.init(describing:)) ?? "-")")
        }
    }

    /// Where two glyphs' borders meet (libass adds the bitmaps of one word).
    @Test func touchingBordersGradeGood() throws {
        let result = try compare("Saga", size: 40, stroke: 3)
        expectTrue(result.grade <= .good, "score \(result.score) at \(result.worstPixel.map(String.init(describing:)) ?? "-")")
    }
}
