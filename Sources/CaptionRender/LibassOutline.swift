import CFreeType

/// An outline the way libass holds one (`ASS_Outline`): integer points with y growing downwards, and
/// one byte per segment giving how many points it takes (1 line, 2 quadratic, 3 cubic) plus a flag
/// on the last segment of each contour, whose end point is the contour's first point.
///
/// Borders are built in this form because libass's stroker works on it, and its arithmetic (integer
/// points, halving by shifts, truncated offsets) is what decides the border's last 1/64 px.
struct LibassOutline {
    struct Point: Equatable {
        var x: Int
        var y: Int
    }

    static let line: UInt8 = 1
    static let quadratic: UInt8 = 2
    static let cubic: UInt8 = 3
    static let countMask: UInt8 = 3
    static let contourEnd: UInt8 = 4

    var points: [Point] = []
    var segments: [UInt8] = []

    init() {}

    /// A FreeType outline (y up) converted as `ass_outline_convert` does: y negated, runs of conic
    /// control points split at their midpoints (halved with a shift), contours of fewer than three
    /// points dropped. Nil for an outline libass would reject (a tag it does not know, a cubic
    /// control point in the wrong place).
    init?(_ glyph: GlyphOutline) {
        let source = glyph.points, tags = glyph.tags
        var first = 0
        for end in glyph.contourEnds.map(Int.init) {
            defer { first = end + 1 }
            guard first <= end, end < source.count else { return nil }
            if end - first < 2 { continue }
            guard Self.convertContour(source, tags, first, end, into: &self) else { return nil }
        }
    }

    private enum State { case on, quadratic, cubic1, cubic2 }

    private static func convertContour(_ source: [FT_Vector], _ tags: [CChar], _ first: Int, _ end: Int,
                                       into out: inout LibassOutline) -> Bool {
        func tag(_ i: Int) -> Int32 { Int32(tags[i]) & 3 }
        func flipped(_ i: Int) -> Point { Point(x: Int(source[i].x), y: -Int(source[i].y)) }
        var last = end
        var state: State
        switch tag(first) {
        case Int32(FT_CURVE_TAG_ON):
            state = .on
        case Int32(FT_CURVE_TAG_CONIC):
            // A contour starting off the curve starts at its last point if that one is on the curve,
            // else at the midpoint of the two.
            var start = flipped(last)
            switch tag(last) {
            case Int32(FT_CURVE_TAG_ON):
                last -= 1
            case Int32(FT_CURVE_TAG_CONIC):
                start.x = (start.x + Int(source[first].x)) >> 1
                start.y = (start.y - Int(source[first].y)) >> 1
            default:
                return false
            }
            out.points.append(start)
            state = .quadratic
        default:
            return false
        }
        out.points.append(flipped(first))
        var previous = out.points[out.points.count - 1]
        for j in (first + 1)..<(last + 1) {
            switch tag(j) {
            case Int32(FT_CURVE_TAG_ON):
                switch state {
                case .on: out.segments.append(line)
                case .quadratic: out.segments.append(quadratic)
                case .cubic2: out.segments.append(cubic)
                case .cubic1: return false
                }
                state = .on
            case Int32(FT_CURVE_TAG_CONIC):
                switch state {
                case .on:
                    state = .quadratic
                case .quadratic:
                    out.segments.append(quadratic)
                    out.points.append(Point(x: (previous.x + Int(source[j].x)) >> 1,
                                            y: (previous.y - Int(source[j].y)) >> 1))
                default:
                    return false
                }
            case Int32(FT_CURVE_TAG_CUBIC):
                switch state {
                case .on: state = .cubic1
                case .cubic1: state = .cubic2
                default: return false
                }
            default:
                return false
            }
            previous = flipped(j)
            out.points.append(previous)
        }
        switch state {
        case .on: out.segments.append(line | contourEnd)
        case .quadratic: out.segments.append(quadratic | contourEnd)
        case .cubic2: out.segments.append(cubic | contourEnd)
        case .cubic1: return false
        }
        return true
    }

    /// Every point multiplied by 2^order per axis, as `ass_outline_scale_pow2`: for negative orders
    /// the product is floored (an arithmetic shift), which moves odd coordinates by half a unit.
    func scaled(order: (x: Int, y: Int)) -> LibassOutline {
        func shift(_ v: Int, _ order: Int) -> Int {
            order >= 0 ? v << order : v >> min(-order, 32)
        }
        var out = self
        for i in out.points.indices {
            out.points[i] = Point(x: shift(points[i].x, order.x), y: shift(points[i].y, order.y))
        }
        return out
    }

    /// The control box (min x, min y, max x, max y) of the points of all outlines; nil when empty.
    static func controlBox(_ outlines: [LibassOutline]) -> (Int, Int, Int, Int)? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for o in outlines {
            for p in o.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }
}

extension LibassOutline {
    /// libass's rasterizer's allowed error when it cuts curves into lines (RASTERIZER_PRECISION), in
    /// 1/64 px.
    static let rasterizerPrecision = 16

    /// This outline's contours as polygons, each point first mapped by `map` to frame 26.6 units
    /// (y down, as libass rasterizes), curves cut into lines where libass's rasterizer cuts them
    /// (`add_quadratic`/`add_cubic`: until the control points lie within 1/4 px of the chord). Each
    /// polygon closes back to its first point. Nil when the segments do not match the points.
    func polygons(map: (Point) -> Point) -> [[Point]]? {
        var cur = 0, start = 0
        var contour: [Point] = []
        var out: [[Point]] = []
        for segment in segments {
            let n = Int(segment & Self.countMask)
            guard n > 0, cur + n <= points.count else { return nil }
            let closes = segment & Self.contourEnd != 0
            let end = closes ? start : cur + n
            guard end < points.count || closes else { return nil }
            let p0 = map(points[cur])
            switch n {
            case 1:
                contour.append(p0)
            case 2:
                Self.flattenQuadratic([p0, map(points[cur + 1]), map(points[end])], into: &contour)
            default:
                Self.flattenCubic([p0, map(points[cur + 1]), map(points[cur + 2]), map(points[end])], into: &contour)
            }
            cur += n
            if closes {
                if !contour.isEmpty { out.append(contour) }
                contour.removeAll(keepingCapacity: true)
                start = cur
            }
        }
        return cur == points.count ? out : nil
    }

    /// The coverage libass draws for these outlines (one group each, see `LibassRasterizer`), each
    /// point placed as libass's restored bitmap transform places it: scaled by `scale` about the
    /// control-box centre `centre` (outline units, y down), the centre moved to `phase` (frame 26.6,
    /// y up as our phases are), rounded with `lrint` (`ass_outline_transform_2d`). Nil when an
    /// outline's segments do not match its points; empty when a point lands beyond libass's limit.
    static func rasterize(_ outlines: [LibassOutline], scale s: (x: Double, y: Double), centre: (x: Double, y: Double),
                          phase: (x: Int, y: Int)) -> AlphaMask? {
        let offX = Double(phase.x) - s.x * centre.x, offY = Double(-phase.y) - s.y * centre.y
        // libass draws nothing of an outline with a point at or beyond OUTLINE_MAX (2^28 - 1 units).
        let limit = Double((1 << 28) - 1)
        var tooLarge = false
        func map(_ p: Point) -> Point {
            let x = s.x * Double(p.x) + offX, y = s.y * Double(p.y) + offY
            guard abs(x) < limit, abs(y) < limit else { tooLarge = true; return Point(x: 0, y: 0) }
            return Point(x: Int(x.rounded(.toNearestOrEven)), y: Int(y.rounded(.toNearestOrEven)))
        }
        var groups: [[[Point]]] = []
        for outline in outlines {
            guard let polygons = outline.polygons(map: map) else { return nil }
            groups.append(polygons)
        }
        return tooLarge ? .empty : LibassRasterizer.rasterize(groups)
    }

    /// Whether libass cuts a curve from `beg` to `end` at control point `pt`: the point is more than
    /// the allowed error off the chord, or beyond its ends (`segment_subdivide`).
    private static func needsCut(_ beg: Point, _ end: Point, _ pt: Point) -> Bool {
        let rx = end.x - beg.x, ry = end.y - beg.y
        let r2 = rx * rx + ry * ry
        let er = rasterizerPrecision * max(abs(rx), abs(ry))
        let x = pt.x - beg.x, y = pt.y - beg.y
        let pdr = rx * x + ry * y
        let pcr = rx * y - ry * x
        return pdr < -er || pdr > r2 + er || abs(pcr) > er
    }

    /// Appends the start points of the lines libass cuts a quadratic into (`add_quadratic`).
    private static func flattenQuadratic(_ pt: [Point], into out: inout [Point]) {
        guard needsCut(pt[0], pt[2], pt[1]) else {
            if pt[0] != pt[2] { out.append(pt[0]) }
            return
        }
        let n1 = Point(x: pt[0].x + pt[1].x, y: pt[0].y + pt[1].y)
        let n3 = Point(x: pt[1].x + pt[2].x, y: pt[1].y + pt[2].y)
        let mid = Point(x: (n1.x + n3.x + 2) >> 2, y: (n1.y + n3.y + 2) >> 2)
        flattenQuadratic([pt[0], Point(x: n1.x >> 1, y: n1.y >> 1), mid], into: &out)
        flattenQuadratic([mid, Point(x: n3.x >> 1, y: n3.y >> 1), pt[2]], into: &out)
    }

    /// Appends the start points of the lines libass cuts a cubic into (`add_cubic`).
    private static func flattenCubic(_ pt: [Point], into out: inout [Point]) {
        guard needsCut(pt[0], pt[3], pt[1]) || needsCut(pt[0], pt[3], pt[2]) else {
            if pt[0] != pt[3] { out.append(pt[0]) }
            return
        }
        let n1 = Point(x: pt[0].x + pt[1].x, y: pt[0].y + pt[1].y)
        let center = Point(x: pt[1].x + pt[2].x + 2, y: pt[1].y + pt[2].y + 2)
        let n5 = Point(x: pt[2].x + pt[3].x, y: pt[2].y + pt[3].y)
        let n2 = Point(x: n1.x + center.x, y: n1.y + center.y)
        let n4 = Point(x: center.x + n5.x, y: center.y + n5.y)
        let mid = Point(x: (n2.x + n4.x - 1) >> 3, y: (n2.y + n4.y - 1) >> 3)
        flattenCubic([pt[0], Point(x: n1.x >> 1, y: n1.y >> 1), Point(x: n2.x >> 2, y: n2.y >> 2), mid], into: &out)
        flattenCubic([mid, Point(x: n4.x >> 2, y: n4.y >> 2), Point(x: n5.x >> 1, y: n5.y >> 1), pt[3]], into: &out)
    }
}
