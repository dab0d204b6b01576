import CaptionExpectations
import Testing
@testable import CaptionRender

/// libass's rasterizer on shapes whose coverage is known: whole pixels inside, nothing outside, half
/// coverage on a half-pixel edge, and the non-zero rule's holes and overlaps.
@Suite struct LibassRasterizerTests {
    typealias P = LibassOutline.Point

    /// A rectangle in 1/64 px, clockwise in y-down coordinates.
    func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, reversed: Bool = false) -> [P] {
        let r = [P(x: x0, y: y0), P(x: x1, y: y0), P(x: x1, y: y1), P(x: x0, y: y1)]
        return reversed ? r.reversed() : r
    }

    func coverage(_ mask: AlphaMask, _ x: Int, _ y: Int) -> Int { Int(mask[x: x, y: y]) }

    @Test func wholePixelSquareIsSolidInsideAndEmptyOutside() {
        let mask = LibassRasterizer.rasterize([[rect(64 * 2, 64 * 3, 64 * 12, 64 * 13)]])
        for y in 0..<16 {
            for x in 0..<16 {
                let inside = (2..<12).contains(x) && (3..<13).contains(y)
                expectEqual(coverage(mask, x, y), (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func halfPixelEdgeIsHalfCovered() {
        // Left edge at x = 2.5 px: column 2 is half covered, column 3 full.
        let mask = LibassRasterizer.rasterize([[rect(160, 64 * 3, 64 * 12, 64 * 13)]])
        expectTrue(abs(coverage(mask, 2, 8) - 128) <= 1)
        expectTrue(coverage(mask, 3, 8) == 255 && coverage(mask, 1, 8) == 0)
    }

    @Test func reversedInnerContourCutsAHoleAndGroupsMergeByMaximum() {
        let outer = rect(0, 0, 64 * 20, 64 * 20), hole = rect(64 * 5, 64 * 5, 64 * 15, 64 * 15, reversed: true)
        let ring = LibassRasterizer.rasterize([[outer, hole]])
        expectTrue(coverage(ring, 2, 2) == 255 && coverage(ring, 10, 10) == 0)
        // The same hole as a second group does not cut: groups are filled apart and merged by maximum.
        let merged = LibassRasterizer.rasterize([[outer], [hole]])
        expectEqual(coverage(merged, 10, 10), 255)
        // Large shapes span several 16 px tiles: the solid tiles and the edge tiles agree. A tile that
        // one edge crosses gets libass's half-plane approximation, which leaves 1/255 in the pixel
        // beyond an edge lying on a pixel boundary (x = 45 here); libass drawing the same rectangle
        // as `\p1` gives the same 1 (measured through its API).
        let big = LibassRasterizer.rasterize([[rect(64 * 3, 64 * 3, 64 * 45, 64 * 40)]])
        expectEqual((40..<50).map { coverage(big, $0, 20) }, [255, 255, 255, 255, 255, 1, 0, 0, 0, 0])
        expectEqual((35..<45).map { coverage(big, 20, $0) }, [255, 255, 255, 255, 255, 0, 0, 0, 0, 0])
    }

    @Test func nothingToFillGivesAnEmptyMask() {
        expectTrue(LibassRasterizer.rasterize([]).isEmpty)
        expectTrue(LibassRasterizer.rasterize([[[P(x: 5, y: 5)]]]).isEmpty)
    }
}
