import CaptionModel
import CaptionTestSupport
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// Palette entries against the BT.709 and BT.601 formulas written out here (E'y = Kr R + Kg G + Kb B,
/// Cb = (B - Y) / 2(1 - Kb), Cr = (R - Y) / 2(1 - Kr); limited range 16 + 219 Y, 128 + 224 C).
@Suite struct PGSPaletteTests {
    static func expected(_ c: RGBAColor, kr: Double, kb: Double) -> (y: UInt8, cr: UInt8, cb: UInt8) {
        let (r, g, b) = (Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
        let y = kr * r + (1 - kr - kb) * g + kb * b
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        return (byte(16 + 219 * y), byte(128 + 224 * (r - y) / (2 * (1 - kr))), byte(128 + 224 * (b - y) / (2 * (1 - kb))))
    }

    @Test(arguments: [(1080, 0.2126, 0.0722), (720, 0.2126, 0.0722), (1920, 0.2126, 0.0722), (576, 0.299, 0.114), (480, 0.299, 0.114)])
    func entriesFollowTheFormulaOfTheVideoHeight(height: Int, kr: Double, kb: Double) {
        let matrix = PGSPalette.matrix(videoHeight: height)
        var random = SplitMix64(seed: UInt64(height))
        let fixed = [RGBAColor(red: 255, green: 255, blue: 255), RGBAColor(red: 0, green: 0, blue: 0),
                     RGBAColor(red: 255, green: 0, blue: 0, alpha: 128), RGBAColor(red: 0, green: 0, blue: 255, alpha: 1)]
        let colours = fixed + (0..<200).map { _ in
            RGBAColor(red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                      blue: .random(in: 0...255, using: &random), alpha: .random(in: 1...255, using: &random))
        }
        for (i, colour) in colours.enumerated() {
            let entry = PGSPalette.entry(index: UInt8(i % 255 + 1), colour, matrix: matrix)
            let e = Self.expected(colour, kr: kr, kb: kb)
            expectTrue(entry.y == e.y && entry.cr == e.cr && entry.cb == e.cb, "\(colour) at \(height) lines")
            expectEqual(entry.alpha, colour.alpha)
        }
        // The corners of the range: white and black at 235/16 with neutral chroma, red's Cr at 240.
        expectEqual(PGSPalette.entry(index: 1, fixed[0], matrix: matrix), .init(index: 1, y: 235, cr: 128, cb: 128, alpha: 255))
        expectEqual(PGSPalette.entry(index: 1, fixed[1], matrix: matrix), .init(index: 1, y: 16, cr: 128, cb: 128, alpha: 255))
        expectEqual(PGSPalette.entry(index: 1, fixed[2], matrix: matrix).cr, 240)
    }

    @Test func payloadIsIdVersionThenYCrCbAlpha() {
        let palette = PGSPalette(id: 2, version: 5, entries: [PGSPalette.transparent, .init(index: 9, y: 1, cr: 2, cb: 3, alpha: 4)])
        expectEqual(palette.payload, [2, 5, 0, 16, 128, 128, 0, 9, 1, 2, 3, 4])
    }
}
