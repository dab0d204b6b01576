import CaptionLayout
import CaptionModel
@testable import CaptionRender
import Foundation
import Testing

@Suite struct ZZScratchBench {
    func time(_ label: String, _ n: Int, _ body: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<n { body() }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(n)
        print("BENCH \(label): \(ms) ms")
    }
    @Test func bench() throws {
        let face = try Fonts.bold()
        let text = Array("The quick brown fox jumps".unicodeScalars)
        let glyphs = text.map { face.glyphIndex(for: $0) }
        time("raster 25 glyphs size 80 stroke 6 uncached", 5) {
            let r = GlyphRasterizer(cache: GlyphCache(byteLimit: 0))
            var x = 10.0
            for g in glyphs { _ = r.masks(glyph: g, face: face, size: 80, penX: x, penY: 100, strokeWidth: 6); x += 40.3 }
        }
        let cache = GlyphCache(byteLimit: 64 << 20)
        let r = GlyphRasterizer(cache: cache)
        var masks: [GlyphMasks] = []
        var x = 10.0
        for g in glyphs { masks.append(r.masks(glyph: g, face: face, size: 80, penX: x, penY: 1500, strokeWidth: 6)); x += 40.3 }
        time("raster 25 glyphs cached", 50) {
            var x = 10.0
            for g in glyphs { _ = r.masks(glyph: g, face: face, size: 80, penX: x, penY: 1500, strokeWidth: 6); x += 40.3 }
        }
        var frame = RGBAImage(width: 1080, height: 1920, filling: .black)
        time("blend 25 stroke+fill over opaque", 50) {
            for m in masks { frame.blend(m.stroke!, color: .black); frame.blend(m.fill, color: .white) }
        }
        var clear = RGBAImage(width: 1080, height: 1920)
        time("blend 25 stroke+fill over transparent", 50) {
            for m in masks { clear.blend(m.stroke!, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 200)); clear.blend(m.fill, color: .white) }
        }
        let line = AlphaMask.union(masks.map { $0.stroke! })
        print("line mask \(line.frame)")
        time("blur line sigma 3.4", 10) { _ = line.blurred(radius: 4) }
        time("blur line sigma 10", 5) { _ = line.blurred(sigma: 10) }
        time("rounded rect 900x200", 20) { _ = AlphaMask.roundedRectangle(x: 90.5, y: 1400.25, width: 900, height: 200, cornerRadius: 24) }
        let other = frame
        time("compare 1080x1920", 2) { _ = try! ImageComparison(actual: frame, expected: other) }
        time("composite 1080x1920", 5) { var f = frame; f.composite(clear) }
        // AA scores
        let ref = glyphScene("a", face: face, size: 80, penX: 20, penY: 90)
        for dx in [0.125, 0.25, 0.5, 1.0] {
            let c = try ImageComparison(actual: glyphScene("a", face: face, size: 80, penX: 20 + dx, penY: 90), expected: ref)
            print("BENCH shift \(dx): \(c.score) \(c.grade)")
        }
        let moved = try ImageComparison(actual: glyphScene("a", face: face, size: 80, penX: 22, penY: 90), expected: ref)
        print("BENCH moved 2: \(moved.score) \(moved.grade)")
    }
}
