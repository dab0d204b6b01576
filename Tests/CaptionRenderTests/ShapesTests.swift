@testable import CaptionRender
import Foundation
import Testing

@Suite struct ShapesTests {
    @Test(arguments: [(10.3, 20.6, 200.5, 80.25, 20.0), (0, 0, 60, 40, 0), (5.5, 5.5, 50, 50, 25), (1.2, 3.7, 31.1, 12.9, 4.4)])
    func areaIsTheRoundedRectanglesArea(x: Double, y: Double, w: Double, h: Double, r: Double) {
        let mask = AlphaMask.roundedRectangle(x: x, y: y, width: w, height: h, cornerRadius: r)
        let area = Double(mask.totalCoverage) / 255
        let expected = w * h - (4 - Double.pi) * r * r
        #expect(abs(area / expected - 1) < 0.01, "area \(area), expected \(expected)")
    }

    @Test func cornersAreTransparentAndTheCentreOpaque() {
        let mask = AlphaMask.roundedRectangle(x: 10.3, y: 20.6, width: 200.5, height: 80.25, cornerRadius: 20)
        #expect(mask.frame == PixelRect(x: 10, y: 20, width: 201, height: 81))
        for (x, y) in [(10, 20), (210, 20), (10, 100), (210, 100), (12, 22), (208, 98)] {
            #expect(mask[x: x, y: y] == 0, "corner \(x), \(y)")
        }
        #expect(mask[x: 110, y: 60] == 255)
        #expect(mask[x: 110, y: 21] == 255)  // the straight top edge, fully inside
        #expect(mask[x: 110, y: 20] == UInt8((0.4 * 255).rounded()))  // top edge pixel: 40% covered
    }

    @Test func fractionalEdgesWithoutCorners() {
        let mask = AlphaMask.roundedRectangle(x: 2.25, y: 1.5, width: 3, height: 2, cornerRadius: 0)
        #expect(mask.frame == PixelRect(x: 2, y: 1, width: 4, height: 3))
        #expect(mask[x: 2, y: 1] == UInt8((0.75 * 0.5 * 255).rounded()))
        #expect(mask[x: 3, y: 2] == 255)
        #expect(mask[x: 5, y: 2] == UInt8((0.25 * 255).rounded()))
    }

    /// The closed-form corner coverage agrees with 64×64 supersampling on every pixel.
    @Test func cornerCoverageMatchesSupersampling() {
        let (x, y, w, h, r) = (3.3, 2.8, 30.0, 20.0, 9.7)
        let mask = AlphaMask.roundedRectangle(x: x, y: y, width: w, height: h, cornerRadius: r)
        func inside(_ px: Double, _ py: Double) -> Bool {
            guard px >= x, px <= x + w, py >= y, py <= y + h else { return false }
            let cx = min(max(px, x + r), x + w - r), cy = min(max(py, y + r), y + h - r)
            return (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
        }
        for row in 0..<mask.height {
            for column in 0..<mask.width {
                var hits = 0
                for sy in 0..<64 { for sx in 0..<64 where inside(Double(mask.x + column) + (Double(sx) + 0.5) / 64,
                                                                    Double(mask.y + row) + (Double(sy) + 0.5) / 64) { hits += 1 } }
                let sampled = Double(hits) / 4096 * 255
                #expect(abs(Double(mask[x: mask.x + column, y: mask.y + row]) - sampled) <= 2, "pixel \(column), \(row)")
            }
        }
    }

    @Test func radiusIsClampedAndDegenerateSizesAreEmpty() {
        let pill = AlphaMask.roundedRectangle(x: 0, y: 0, width: 40, height: 10, cornerRadius: 100)
        let expected = 40.0 * 10 - (4 - Double.pi) * 25
        #expect(abs(Double(pill.totalCoverage) / 255 / expected - 1) < 0.01)
        #expect(AlphaMask.roundedRectangle(x: 0, y: 0, width: 0, height: 10, cornerRadius: 2).isEmpty)
    }
}
