import Foundation

/// Anti-aliased shapes for caption boxes and word boxes, with exact (analytic) pixel coverage.
extension AlphaMask {
    /// A rounded rectangle with fractional edges: each pixel's coverage is the exact area of the pixel
    /// inside the shape, rounded to 1/255. The radius is clamped to half the shorter side.
    ///
    /// Area = rectangle overlap (a product of the x and y overlaps) minus, for pixels in a corner's
    /// r×r square, the part of that square outside the quarter disc, integrated in closed form.
    public static func roundedRectangle(x: Double, y: Double, width: Double, height: Double,
                                        cornerRadius: Double) -> AlphaMask {
        guard width > 0, height > 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return .empty }
        let r = min(max(cornerRadius.isFinite ? cornerRadius : 0, 0), width / 2, height / 2)
        let left = Int(x.rounded(.down)), top = Int(y.rounded(.down))
        let right = Int((x + width).rounded(.up)), bottom = Int((y + height).rounded(.up))
        let (w, h) = (right - left, bottom - top)
        let columnCover = (0..<w).map { overlap(Double(left + $0), x, x + width) }
        // Corner squares as (square x-range, y-range, centre); empty when r == 0.
        let corners: [Corner] = r > 0 ? [
            Corner(x0: x, x1: x + r, y0: y, y1: y + r, cx: x + r, cy: y + r),
            Corner(x0: x + width - r, x1: x + width, y0: y, y1: y + r, cx: x + width - r, cy: y + r),
            Corner(x0: x, x1: x + r, y0: y + height - r, y1: y + height, cx: x + r, cy: y + height - r),
            Corner(x0: x + width - r, x1: x + width, y0: y + height - r, y1: y + height, cx: x + width - r, cy: y + height - r),
        ] : []
        // Rows fully inside vertically and clear of the corners are all alike: computed once, copied.
        let fullRow = columnCover.map { UInt8(($0 * 255).rounded()) }
        return AlphaMask(x: left, y: top, width: w, height: h) { buffer in
            for row in 0..<h {
                let py = Double(top + row)
                let rowCover = overlap(py, y, y + height)
                let inCornerRows = r > 0 && (py < y + r || py + 1 > y + height - r)
                let line = buffer.baseAddress! + row * w
                if rowCover == 1 && !inCornerRows {
                    fullRow.withUnsafeBufferPointer { line.update(from: $0.baseAddress!, count: w) }
                    continue
                }
                for column in 0..<w {
                    var area = columnCover[column] * rowCover
                    if inCornerRows {
                        let px = Double(left + column)
                        for corner in corners { area -= corner.cut(px: px, py: py, r: r) }
                    }
                    line[column] = UInt8(max(0, min(255, (area * 255).rounded())))
                }
            }
        }
    }

    /// The length of [p, p + 1] ∩ [a, b].
    private static func overlap(_ p: Double, _ a: Double, _ b: Double) -> Double {
        max(0, min(p + 1, b) - max(p, a))
    }

    private struct Corner {
        let x0, x1, y0, y1, cx, cy: Double

        /// The area of pixel [px, px+1]×[py, py+1] inside this corner square but outside the disc of
        /// radius r around the centre.
        func cut(px: Double, py: Double, r: Double) -> Double {
            let a0 = max(px, x0), a1 = min(px + 1, x1), b0 = max(py, y0), b1 = min(py + 1, y1)
            guard a1 > a0, b1 > b0 else { return 0 }
            // Distances from the centre along the axes, pointing out of the rectangle.
            let u0 = min(abs(a0 - cx), abs(a1 - cx)), u1 = max(abs(a0 - cx), abs(a1 - cx))
            let v0 = min(abs(b0 - cy), abs(b1 - cy)), v1 = max(abs(b0 - cy), abs(b1 - cy))
            return (a1 - a0) * (b1 - b0) - Corner.discArea(u0: u0, u1: u1, v0: v0, v1: v1, r: r)
        }

        /// Area of {(u, v) ∈ [u0, u1]×[v0, v1] : u² + v² ≤ r²} for 0 ≤ u, v ≤ r:
        /// ∫ clamp(√(r² − u²) − v0, 0, v1 − v0) du, in closed form.
        static func discArea(u0: Double, u1: Double, v0: Double, v1: Double, r: Double) -> Double {
            let full = v1 >= r ? 0 : (r * r - v1 * v1).squareRoot()   // below: the column is fully inside
            let none = v0 >= r ? 0 : (r * r - v0 * v0).squareRoot()   // above: fully outside
            var area = (v1 - v0) * max(0, min(u1, full) - u0)
            let lo = max(u0, full), hi = min(u1, none)
            if hi > lo { area += primitive(hi, r) - primitive(lo, r) - v0 * (hi - lo) }
            return area
        }

        /// ∫ √(r² − u²) du = (u·√(r² − u²) + r²·asin(u / r)) / 2.
        static func primitive(_ u: Double, _ r: Double) -> Double {
            let t = min(max(u / r, -1), 1)
            return (u * max(r * r - u * u, 0).squareRoot() + r * r * asin(t)) / 2
        }
    }
}
