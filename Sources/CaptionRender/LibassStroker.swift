// Ported from libass 0.17.1 (ass_outline.c), Copyright (C) 2016 Vabishchevich Nikolay <vabnick@gmail.com>,
// under libass's ISC license, whose notice follows:
//
// Permission to use, copy, modify, and distribute this software for any
// purpose with or without fee is hereby granted, provided that the above
// copyright notice and this permission notice appear in all copies.
//
// THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
// WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
// MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
// ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
// WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
// ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
// OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.

import Foundation

/// libass's border stroker (`ass_outline_stroke`, ass_outline.c, 0.17), rewritten in Swift so the
/// native border has the same geometry as libass's, down to its approximations.
///
/// For every contour it emits two outlines in the contour's own direction: the contour offset by
/// +border along its normal (`outer`) and by −border (`inner`). Filled together with the non-zero
/// rule they cover every point within the border of the outline's edge, and with the glyph's own
/// winding the inside too. What makes it differ from FreeType's stroker, and why it is copied here
/// step by step rather than approximated:
/// - Joins: where the direction turns by more than `mergeCos` allows, the convex side gets a round
///   arc of quadratic pieces (halved until each is flat enough for `splitCos`), the concave side
///   goes back to the source point and out again (a zero-length "fold") instead of being clipped.
/// - Curves: each spline is offset as a spline of the same order whose control points are moved by
///   the estimated best offsets; when the radial or angular error is too large (`errQ`, `errC`,
///   `errA`, all from `eps` / border) it is halved (integer midpoints, rounded by shifts) and tried
///   again. Where the offset would fold over itself (the border wider than the curve's radius) that
///   side is replaced by straight lines through the source points, covering only the part with
///   positive winding.
/// - Offsets are truncated to integers (`Int(border * normal)`), in the outline's units.
///
/// Units: the outline's (libass scales it by a power of two first so that its unit is about 1/16
/// of the stroker's precision, see `LibassBorder`), y down. `eps` is libass's STROKER_PRECISION.
struct LibassStroker {
    typealias Point = LibassOutline.Point

    struct Vector {
        var x: Double
        var y: Double
        static let zero = Vector(x: 0, y: 0)
        func dot(_ o: Vector) -> Double { x * o.x + y * o.y }
        func cross(_ o: Vector) -> Double { x * o.y - y * o.x }
        var length: Double { (x * x + y * y).squareRoot() }
    }

    /// A unit normal and the length of the derivative it came from (in normal space).
    struct Normal {
        var v: Vector
        var len: Double
    }

    /// The +border and −border outlines.
    private(set) var outer = LibassOutline()
    private(set) var inner = LibassOutline()
    private var contourFirst = (0, 0)

    private let xbord: Double, ybord: Double
    private let xscale: Double, yscale: Double
    private let eps: Int
    private let mergeCos: Double, splitCos: Double, minLen: Double
    private let errQ: Double, errC: Double, errA: Double

    private var contourStart = true
    private var firstSkip = 0, lastSkip = 0
    private var firstNormal = Vector.zero, lastNormal = Vector.zero
    private var firstPoint = Point(x: 0, y: 0), lastPoint = Point(x: 0, y: 0)

    /// Strokes `path` with border (xbord, ybord) and allowed error `eps`, all in the path's units.
    /// Nil when the border is smaller than `eps` (libass asserts it is not).
    static func stroke(_ path: LibassOutline, xbord: Int, ybord: Int, eps: Int) -> (outer: LibassOutline, inner: LibassOutline)? {
        guard max(xbord, ybord) >= eps, eps > 0 else { return nil }
        var s = LibassStroker(xbord: xbord, ybord: ybord, eps: eps)
        s.run(path)
        return (s.outer, s.inner)
    }

    private init(xbord: Int, ybord: Int, eps: Int) {
        self.xbord = Double(xbord)
        self.ybord = Double(ybord)
        xscale = 1.0 / Double(max(eps, xbord))
        yscale = 1.0 / Double(max(eps, ybord))
        self.eps = eps
        let relErr = Double(eps) / Double(max(xbord, ybord))
        mergeCos = 1 - relErr
        let e = (2 * relErr).squareRoot()
        splitCos = 1 + 8 * relErr - 4 * (1 + relErr) * e
        minLen = relErr / 4
        errQ = 8 * (1 + relErr) * (1 + relErr)
        errC = 390 * relErr * relErr
        errA = e
    }

    private mutating func run(_ path: LibassOutline) {
        let points = path.points
        var start = 0, cur = 0
        for segment in path.segments {
            if start == cur { lastPoint = points[start] }
            let n = Int(segment & LibassOutline.countMask)
            cur += n
            var end = cur
            if segment & LibassOutline.contourEnd != 0 {
                end = start
                start = cur
            }
            switch n {
            case 1: addLine(points[end], dir: 3)
            case 2: addQuadratic(points[cur - 1], points[end], dir: 3)
            case 3: addCubic(points[cur - 2], points[cur - 1], points[end], dir: 3)
            default: return
            }
            if start == cur { closeContour(dir: 3) }
        }
    }

    // MARK: Emitting points

    /// Adds `pt` moved by ±border × `offs` to the outer (dir bit 1) and inner (bit 2) outline; a
    /// non-zero `segment` starts a segment of that kind there.
    private mutating func emit(_ pt: Point, _ offs: Vector, _ segment: UInt8, _ dir: Int) {
        let dx = Self.truncated(xbord * offs.x), dy = Self.truncated(ybord * offs.y)
        if dir & 1 != 0 {
            outer.points.append(Point(x: pt.x + dx, y: pt.y + dy))
            if segment != 0 { outer.segments.append(segment) }
        }
        if dir & 2 != 0 {
            inner.points.append(Point(x: pt.x - dx, y: pt.y - dy))
            if segment != 0 { inner.segments.append(segment) }
        }
    }

    private mutating func fixFirstPoint(_ pt: Point, _ offs: Vector, _ dir: Int) {
        let dx = Self.truncated(xbord * offs.x), dy = Self.truncated(ybord * offs.y)
        if dir & 1 != 0 { outer.points[contourFirst.0] = Point(x: pt.x + dx, y: pt.y + dy) }
        if dir & 2 != 0 { inner.points[contourFirst.1] = Point(x: pt.x - dx, y: pt.y - dy) }
    }

    /// C's conversion to int32_t: towards zero (and 0 for what C leaves undefined).
    private static func truncated(_ v: Double) -> Int {
        v.isFinite && abs(v) < 2_000_000_000 ? Int(v) : 0
    }

    private mutating func emitFirstPoint(_ pt: Point, _ segment: UInt8, _ dir: Int) {
        lastSkip &= ~dir
        emit(pt, lastNormal, segment, dir)
    }

    // MARK: Arcs

    /// Splits the arc until each piece is within `splitCos`, returning the factors per level
    /// (`mul[base + level]`) and the base index.
    private func arcFactors(_ c0: Double) -> (mul: [Double], base: Int) {
        let maxSubdiv = 15
        var mul = [Double](repeating: 0, count: maxSubdiv + 1)
        var c = c0, pos = maxSubdiv
        while c < splitCos && pos > 0 {
            mul[pos] = 0.5.squareRoot() / (1 + c).squareRoot()
            c = (1 + c) * mul[pos]
            pos -= 1
        }
        mul[pos] = 1 / (1 + c)
        return (mul, pos)
    }

    private mutating func processArc(_ pt: Point, _ n0: Vector, _ n1: Vector, _ mul: [Double], _ base: Int, _ level: Int, _ dir: Int) {
        let m = mul[base + level]
        let center = Vector(x: (n0.x + n1.x) * m, y: (n0.y + n1.y) * m)
        if level > 0 {
            processArc(pt, n0, center, mul, base, level - 1, dir)
            processArc(pt, center, n1, mul, base, level - 1, dir)
            return
        }
        emit(pt, n0, LibassOutline.quadratic, dir)
        emit(pt, center, 0, dir)
    }

    private mutating func drawArc(_ pt: Point, _ n0: Vector, _ n1: Vector, _ c0: Double, _ dir: Int) {
        var c = c0, center = Vector.zero, smallAngle = true
        if c < 0 {
            // Over 90°: split at the middle first (on the side of the outline being drawn).
            var m = dir & 2 != 0 ? -(0.5.squareRoot()) : 0.5.squareRoot()
            m /= (1 - c).squareRoot()
            center = Vector(x: (n1.y - n0.y) * m, y: (n0.x - n1.x) * m)
            c = max(0, 0.5 + 0.5 * c).squareRoot()
            smallAngle = false
        }
        let (mul, base) = arcFactors(c)
        let level = 15 - base
        if smallAngle {
            processArc(pt, n0, n1, mul, base, level, dir)
        } else {
            processArc(pt, n0, center, mul, base, level, dir)
            processArc(pt, center, n1, mul, base, level, dir)
        }
    }

    private mutating func drawCircle(_ pt: Point, _ dir: Int) {
        let (mul, base) = arcFactors(0)
        let level = 15 - base
        let n = [Vector(x: 1, y: 0), Vector(x: 0, y: 1), Vector(x: -1, y: 0), Vector(x: 0, y: -1)]
        for i in 0..<4 { processArc(pt, n[i], n[(i + 1) % 4], mul, base, level, dir) }
    }

    // MARK: Joins

    /// Starts a segment at `pt` with `normal`: merges nearly parallel normals, else draws the join
    /// (an arc on the convex side, a fold back through `pt` on the concave side).
    private mutating func startSegment(_ pt: Point, _ normal: Vector, _ dir0: Int) {
        if contourStart {
            contourStart = false
            firstSkip = 0; lastSkip = 0
            firstNormal = normal; lastNormal = normal
            firstPoint = pt
            return
        }
        let prev = lastNormal
        let c = prev.dot(normal)
        if c > mergeCos {
            let m = 1 / (1 + c)
            lastNormal = Vector(x: (lastNormal.x + normal.x) * m, y: (lastNormal.y + normal.y) * m)
            return
        }
        lastNormal = normal
        let s = prev.cross(normal)
        let skipDir = s < 0 ? 1 : 2
        var dir = dir0
        if dir & skipDir != 0 {
            emit(pt, prev, LibassOutline.line, ~lastSkip & skipDir)
            emit(pt, .zero, LibassOutline.line, skipDir)
        }
        lastSkip = skipDir
        dir &= ~skipDir
        if dir != 0 { drawArc(pt, prev, normal, c, dir) }
    }

    private mutating func prepareSkip(_ pt: Point, _ dir: Int, _ first: Bool) {
        if first {
            firstSkip |= dir
        } else {
            emit(pt, lastNormal, LibassOutline.line, ~lastSkip & dir)
        }
        lastSkip |= dir
    }

    private func isSmall(_ dx: Int, _ dy: Int) -> Bool {
        dx > -eps && dx < eps && dy > -eps && dy < eps
    }

    // MARK: Lines

    private mutating func addLine(_ pt1: Point, dir: Int) {
        let dx = pt1.x - lastPoint.x, dy = pt1.y - lastPoint.y
        if isSmall(dx, dy) { return }
        let deriv = Vector(x: Double(dy) * yscale, y: Double(-dx) * xscale)
        let scale = 1 / deriv.length
        let normal = Vector(x: deriv.x * scale, y: deriv.y * scale)
        startSegment(lastPoint, normal, dir)
        emitFirstPoint(lastPoint, LibassOutline.line, dir)
        lastNormal = normal
        lastPoint = pt1
    }

    /// A self-intersecting curve's inner side (`skipDir`): its offset collapses, so that side is
    /// drawn as straight lines through the end points, or as one offset point at the start when the
    /// fold lies beyond it (libass's skip branch, shared by quadratic and cubic curves).
    private mutating func skipSide(from start: Point, to end: Point, f0: Double, f1: Double, absS: Double,
                                   normal: [Normal], skipDir: Int, first: Bool) {
        prepareSkip(start, skipDir, first)
        if f0 < 0 || f1 < 0 {
            emit(start, .zero, LibassOutline.line, skipDir)
            emit(end, .zero, LibassOutline.line, skipDir)
        } else {
            let mul = f0 / absS
            emit(start, Vector(x: normal[0].v.x * mul, y: normal[0].v.y * mul), LibassOutline.line, skipDir)
        }
    }

    // MARK: Quadratic splines

    private func estimateQuadraticError(_ c: Double, _ s: Double, _ normal: [Normal]) -> Vector? {
        // radial error
        guard (3 + c) * (3 + c) < errQ * (1 + c) else { return nil }
        let mul = 1 / (1 + c)
        let l0 = 2 * normal[0].len, l1 = 2 * normal[1].len
        let dot0 = l0 + normal[1].len * c, crs0 = (l0 * mul - normal[1].len) * s
        let dot1 = l1 + normal[0].len * c, crs1 = (l1 * mul - normal[0].len) * s
        // angular error
        guard abs(crs0) < errA * dot0 && abs(crs1) < errA * dot1 else { return nil }
        return Vector(x: (normal[0].v.x + normal[1].v.x) * mul, y: (normal[0].v.y + normal[1].v.y) * mul)
    }

    private mutating func processQuadratic(_ pt: [Point], _ deriv: [Vector], _ normal: [Normal], _ dir0: Int, _ first: Bool) {
        var dir = dir0
        let c = normal[0].v.dot(normal[1].v)
        let s = normal[0].v.cross(normal[1].v)
        var checkDir = dir
        let skipDir = s < 0 ? 1 : 2
        if dir & skipDir != 0 {
            let absS = abs(s)
            let f0 = normal[0].len * c + normal[1].len
            let f1 = normal[1].len * c + normal[0].len
            let g0 = normal[0].len * absS
            let g1 = normal[1].len * absS
            if f0 < absS && f1 < absS {  // self-intersection
                let d2 = (f0 * normal[1].len + f1 * normal[0].len) / 2
                if d2 < g0 && d2 < g1 {
                    skipSide(from: pt[0], to: pt[2], f0: f0, f1: f1, absS: absS, normal: normal, skipDir: skipDir, first: first)
                    dir &= ~skipDir
                    if dir == 0 {
                        lastNormal = normal[1].v
                        return
                    }
                }
                checkDir ^= skipDir
            } else if c + g0 < 1 && c + g1 < 1 {
                checkDir ^= skipDir
            }
        }

        if checkDir != 0, let result = estimateQuadraticError(c, s, normal) {
            emitFirstPoint(pt[0], LibassOutline.quadratic, checkDir)
            emit(pt[1], result, 0, checkDir)
            dir &= ~checkDir
            if dir == 0 {
                lastNormal = normal[1].v
                return
            }
        }

        var next = [Point](repeating: Point(x: 0, y: 0), count: 5)
        next[1] = Point(x: pt[0].x + pt[1].x, y: pt[0].y + pt[1].y)
        next[3] = Point(x: pt[1].x + pt[2].x, y: pt[1].y + pt[2].y)
        next[2] = Point(x: (next[1].x + next[3].x + 2) >> 2, y: (next[1].y + next[3].y + 2) >> 2)
        next[1] = Point(x: next[1].x >> 1, y: next[1].y >> 1)
        next[3] = Point(x: next[3].x >> 1, y: next[3].y >> 1)
        next[0] = pt[0]
        next[4] = pt[2]

        var nd = [Vector](repeating: .zero, count: 3)
        nd[0] = Vector(x: deriv[0].x / 2, y: deriv[0].y / 2)
        nd[2] = Vector(x: deriv[1].x / 2, y: deriv[1].y / 2)
        nd[1] = Vector(x: (nd[0].x + nd[2].x) / 2, y: (nd[0].y + nd[2].y) / 2)

        let len = nd[1].length
        if len < minLen {  // degenerate
            emitFirstPoint(next[0], LibassOutline.line, dir)
            startSegment(next[2], normal[1].v, dir)
            lastSkip &= ~dir
            emit(next[2], normal[1].v, LibassOutline.line, dir)
            return
        }
        let scale = 1 / len
        let nn = [Normal(v: normal[0].v, len: normal[0].len / 2),
                  Normal(v: Vector(x: nd[1].x * scale, y: nd[1].y * scale), len: len),
                  Normal(v: normal[1].v, len: normal[1].len / 2)]
        processQuadratic(Array(next[0...2]), Array(nd[0...1]), Array(nn[0...1]), dir, first)
        processQuadratic(Array(next[2...4]), Array(nd[1...2]), Array(nn[1...2]), dir, false)
    }

    private mutating func addQuadratic(_ pt1: Point, _ pt2: Point, dir: Int) {
        let dx0 = pt1.x - lastPoint.x, dy0 = pt1.y - lastPoint.y
        if isSmall(dx0, dy0) { return addLine(pt2, dir: dir) }
        let dx1 = pt2.x - pt1.x, dy1 = pt2.y - pt1.y
        if isSmall(dx1, dy1) { return addLine(pt2, dir: dir) }

        let pt = [lastPoint, pt1, pt2]
        lastPoint = pt2
        let deriv = [Vector(x: Double(dy0) * yscale, y: Double(-dx0) * xscale),
                     Vector(x: Double(dy1) * yscale, y: Double(-dx1) * xscale)]
        let len0 = deriv[0].length, scale0 = 1 / len0
        let len1 = deriv[1].length, scale1 = 1 / len1
        let normal = [Normal(v: Vector(x: deriv[0].x * scale0, y: deriv[0].y * scale0), len: len0),
                      Normal(v: Vector(x: deriv[1].x * scale1, y: deriv[1].y * scale1), len: len1)]
        let first = contourStart
        startSegment(pt[0], normal[0].v, dir)
        processQuadratic(pt, deriv, normal, dir, first)
    }

    // MARK: Cubic splines

    private static let flagIntersection = 1, flagZero0 = 2, flagZero1 = 4, flagClip0 = 8, flagClip1 = 16, flagDir2 = 32
    private static let flagCount = 6
    private static let maskIntersection = flagIntersection << flagCount
    private static let maskZero0 = flagZero0 << flagCount, maskZero1 = flagZero1 << flagCount
    private static let maskClip0 = flagClip0 << flagCount, maskClip1 = flagClip1 << flagCount

    /// The outlines (dir bits) for which the offset cubic is good enough, with the offsets of its two
    /// middle control points.
    private func estimateCubicError(_ c: Double, _ s: Double, _ dc: [Double], _ ds: [Double], _ normal: [Normal],
                                    _ checkFlags: Int, _ dir0: Int) -> (dir: Int, result: [Vector]) {
        var dir = dir0
        let t = (ds[0] + ds[1]) / (dc[0] + dc[1]), c1 = 1 + c, ss = s * s
        let ts = t * s, tt = t * t, ttc = tt * c1, ttcc = ttc * c1

        let w = 0.4
        let f0 = [10 * w * (c - 1) + 9 * w * tt * c,
                  2 * (c - 1) + 3 * tt + 2 * ts,
                  2 * (c - 1) + 3 * tt - 2 * ts]
        let f1 = [18 * w * (ss - ttc * c),
                  2 * ss - 6 * ttc - 2 * ts * (c + 4),
                  2 * ss - 6 * ttc + 2 * ts * (c + 4)]
        let f2 = [9 * w * (ttcc - ss) * c,
                  3 * ss + 3 * ttcc + 6 * ts * c1,
                  3 * ss + 3 * ttcc - 6 * ts * c1]

        var aa = 0.0, ab = 0.0
        let ch = (c1 / 2).squareRoot()
        let invRo0 = 1.5 * ch * (ch + 1)
        for i in 0..<3 {
            let a = 2 * f2[i] + f1[i] * invRo0
            let b = f2[i] - f0[i] * invRo0 * invRo0
            aa += a * a; ab += a * b
        }
        let ro = ab / (aa * invRo0 + 1e-9)  // best fit

        var err2 = 0.0
        for i in 0..<3 {
            let err = f0[i] + ro * (f1[i] + ro * f2[i])
            err2 += err * err
        }
        guard err2 < errC else { return (0, []) }  // radial error

        let r = ro * c1 - 1
        let ro0 = t * r - ro * s
        let ro1 = t * r + ro * s

        let checkDir = checkFlags & Self.flagDir2 != 0 ? 2 : 1
        if dir & checkDir != 0 {
            var testS = s, test0 = ro0, test1 = ro1
            if checkFlags & Self.flagDir2 != 0 {
                testS = -testS; test0 = -test0; test1 = -test1
            }
            var flags = 0
            if 2 * testS * r < dc[0] + dc[1] { flags |= Self.flagIntersection }
            if normal[0].len - test0 < 0 { flags |= Self.flagZero0 }
            if normal[1].len + test1 < 0 { flags |= Self.flagZero1 }
            if normal[0].len + dc[0] + testS - test1 * c < 0 { flags |= Self.flagClip0 }
            if normal[1].len + dc[1] + testS + test0 * c < 0 { flags |= Self.flagClip1 }
            if (flags ^ checkFlags) & (checkFlags >> Self.flagCount) != 0 {
                dir &= ~checkDir
                if dir == 0 { return (0, []) }
            }
        }

        let d0c = 2 * dc[0], d0s = 2 * ds[0]
        let d1c = 2 * dc[1], d1s = 2 * ds[1]
        var dot0 = d0c + 3 * normal[0].len, crs0 = d0s + 3 * ro0 * normal[0].len
        var dot1 = d1c + 3 * normal[1].len, crs1 = d1s + 3 * ro1 * normal[1].len
        // angular error, stage 1
        guard abs(crs0) < errA * dot0 && abs(crs1) < errA * dot1 else { return (0, []) }

        let cl0 = c * normal[0].len, sl0 = +s * normal[0].len
        let cl1 = c * normal[1].len, sl1 = -s * normal[1].len
        dot0 = d0c - ro0 * d0s + cl0 + ro1 * sl0 + cl1 / 3
        dot1 = d1c - ro1 * d1s + cl1 + ro0 * sl1 + cl0 / 3
        crs0 = d0s + ro0 * d0c - sl0 + ro1 * cl0 - sl1 / 3
        crs1 = d1s + ro1 * d1c - sl1 + ro0 * cl1 - sl0 / 3
        // angular error, stage 2
        guard abs(crs0) < errA * dot0 && abs(crs1) < errA * dot1 else { return (0, []) }

        let result = [Vector(x: normal[0].v.x + normal[0].v.y * ro0, y: normal[0].v.y - normal[0].v.x * ro0),
                      Vector(x: normal[1].v.x + normal[1].v.y * ro1, y: normal[1].v.y - normal[1].v.x * ro1)]
        return (dir, result)
    }

    private mutating func processCubic(_ pt: [Point], _ deriv: [Vector], _ normal: [Normal], _ dir0: Int, _ first: Bool) {
        var dir = dir0
        let c = normal[0].v.dot(normal[1].v)
        let s = normal[0].v.cross(normal[1].v)
        let dc = [normal[0].v.dot(deriv[1]), normal[1].v.dot(deriv[1])]
        let ds = [normal[0].v.cross(deriv[1]), normal[1].v.cross(deriv[1])]
        let f0 = normal[0].len * c + normal[1].len + dc[1]
        let f1 = normal[1].len * c + normal[0].len + dc[0]
        var g0 = normal[0].len * s - ds[1]
        var g1 = normal[1].len * s + ds[0]

        var absS = s
        var checkDir = dir, skipDir = 2
        var flags = Self.flagIntersection | Self.flagDir2
        if s < 0 {
            absS = -s
            skipDir = 1
            flags = 0
            g0 = -g0
            g1 = -g1
        }

        if !(dc[0] + dc[1] > 0) {
            checkDir = 0
        } else if dir & skipDir != 0 {
            if f0 < absS && f1 < absS {  // self-intersection
                var d2 = (f0 + dc[1]) * normal[1].len + (f1 + dc[0]) * normal[0].len
                d2 = (d2 + deriv[1].dot(deriv[1])) / 2
                if d2 < g0 && d2 < g1 {
                    var q = (d2 / (2 - d2)).squareRoot()
                    let h0 = (f0 * q + g0) * normal[1].len
                    let h1 = (f1 * q + g1) * normal[0].len
                    q *= (4.0 / 3) * d2
                    if h0 > q && h1 > q {
                        skipSide(from: pt[0], to: pt[3], f0: f0, f1: f1, absS: absS, normal: normal, skipDir: skipDir, first: first)
                        dir &= ~skipDir
                        if dir == 0 {
                            lastNormal = normal[1].v
                            return
                        }
                    }
                }
                checkDir ^= skipDir
            } else {
                if ds[0] < 0 { flags ^= Self.maskIntersection }
                if ds[1] < 0 { flags ^= Self.maskIntersection | Self.flagIntersection }
                let parallel = flags & Self.maskIntersection != 0
                var badness = parallel ? 0 : 1
                if c + g0 < 1 {
                    if parallel {
                        flags ^= Self.maskZero0 | Self.flagZero0
                        if c < 0 { flags ^= Self.maskClip0 }
                        if f0 > absS { flags ^= Self.flagZero0 | Self.flagClip0 }
                    }
                    badness += 1
                } else {
                    flags ^= Self.maskIntersection | Self.flagIntersection
                    if !parallel {
                        flags ^= Self.maskZero0
                        if c > 0 { flags ^= Self.maskClip0 }
                    }
                }
                if c + g1 < 1 {
                    if parallel {
                        flags ^= Self.maskZero1 | Self.flagZero1
                        if c < 0 { flags ^= Self.maskClip1 }
                        if f1 > absS { flags ^= Self.flagZero1 | Self.flagClip1 }
                    }
                    badness += 1
                } else {
                    flags ^= Self.maskIntersection
                    if !parallel {
                        flags ^= Self.maskZero1
                        if c > 0 { flags ^= Self.maskClip1 }
                    }
                }
                if badness > 2 { checkDir ^= skipDir }
            }
        }

        if checkDir != 0 {
            let (good, result) = estimateCubicError(c, s, dc, ds, normal, flags, checkDir)
            checkDir = good
            if checkDir != 0 {
                emitFirstPoint(pt[0], LibassOutline.cubic, checkDir)
                emit(pt[1], result[0], 0, checkDir)
                emit(pt[2], result[1], 0, checkDir)
                dir &= ~checkDir
                if dir == 0 {
                    lastNormal = normal[1].v
                    return
                }
            }
        }

        var next = [Point](repeating: Point(x: 0, y: 0), count: 7)
        next[1] = Point(x: pt[0].x + pt[1].x, y: pt[0].y + pt[1].y)
        let center = Point(x: pt[1].x + pt[2].x + 2, y: pt[1].y + pt[2].y + 2)
        next[5] = Point(x: pt[2].x + pt[3].x, y: pt[2].y + pt[3].y)
        next[2] = Point(x: next[1].x + center.x, y: next[1].y + center.y)
        next[4] = Point(x: center.x + next[5].x, y: center.y + next[5].y)
        next[3] = Point(x: (next[2].x + next[4].x - 1) >> 3, y: (next[2].y + next[4].y - 1) >> 3)
        next[2] = Point(x: next[2].x >> 2, y: next[2].y >> 2)
        next[4] = Point(x: next[4].x >> 2, y: next[4].y >> 2)
        next[1] = Point(x: next[1].x >> 1, y: next[1].y >> 1)
        next[5] = Point(x: next[5].x >> 1, y: next[5].y >> 1)
        next[0] = pt[0]
        next[6] = pt[3]

        var nd = [Vector](repeating: .zero, count: 5)
        nd[0] = Vector(x: deriv[0].x / 2, y: deriv[0].y / 2)
        let centerDeriv = Vector(x: deriv[1].x / 2, y: deriv[1].y / 2)
        nd[4] = Vector(x: deriv[2].x / 2, y: deriv[2].y / 2)
        nd[1] = Vector(x: (nd[0].x + centerDeriv.x) / 2, y: (nd[0].y + centerDeriv.y) / 2)
        nd[3] = Vector(x: (centerDeriv.x + nd[4].x) / 2, y: (centerDeriv.y + nd[4].y) / 2)
        nd[2] = Vector(x: (nd[1].x + nd[3].x) / 2, y: (nd[1].y + nd[3].y) / 2)

        let len = nd[2].length
        if len < minLen {  // degenerate: a cusp in the middle
            var nn = [Normal](repeating: Normal(v: .zero, len: 0), count: 4)
            nn[0] = Normal(v: normal[0].v, len: normal[0].len / 2)
            nn[3] = Normal(v: normal[1].v, len: normal[1].len / 2)
            nd[1] = Vector(x: nd[1].x + nd[2].x, y: nd[1].y + nd[2].y)
            nd[3] = Vector(x: nd[3].x + nd[2].x, y: nd[3].y + nd[2].y)
            nd[2] = .zero

            let len1 = nd[1].length
            if len1 < minLen {
                nn[1] = normal[0]
            } else {
                let scale = 1 / len1
                nn[1] = Normal(v: Vector(x: nd[1].x * scale, y: nd[1].y * scale), len: len1)
            }
            let len2 = nd[3].length
            if len2 < minLen {
                nn[2] = normal[1]
            } else {
                let scale = 1 / len2
                nn[2] = Normal(v: Vector(x: nd[3].x * scale, y: nd[3].y * scale), len: len2)
            }

            if len1 < minLen {
                emitFirstPoint(next[0], LibassOutline.line, dir)
            } else {
                processCubic(Array(next[0...3]), Array(nd[0...2]), Array(nn[0...1]), dir, first)
            }
            startSegment(next[2], nn[2].v, dir)
            if len2 < minLen {
                emitFirstPoint(next[3], LibassOutline.line, dir)
            } else {
                processCubic(Array(next[3...6]), Array(nd[2...4]), Array(nn[2...3]), dir, false)
            }
            return
        }

        let scale = 1 / len
        let nn = [Normal(v: normal[0].v, len: normal[0].len / 2),
                  Normal(v: Vector(x: nd[2].x * scale, y: nd[2].y * scale), len: len),
                  Normal(v: normal[1].v, len: normal[1].len / 2)]
        processCubic(Array(next[0...3]), Array(nd[0...2]), Array(nn[0...1]), dir, first)
        processCubic(Array(next[3...6]), Array(nd[2...4]), Array(nn[1...2]), dir, false)
    }

    private mutating func addCubic(_ pt1: Point, _ pt2: Point, _ pt3: Point, dir: Int) {
        var flags = 9
        var dx0 = pt1.x - lastPoint.x, dy0 = pt1.y - lastPoint.y
        if isSmall(dx0, dy0) {
            dx0 = pt2.x - lastPoint.x
            dy0 = pt2.y - lastPoint.y
            if isSmall(dx0, dy0) { return addLine(pt3, dir: dir) }
            flags ^= 1
        }
        var dx2 = pt3.x - pt2.x, dy2 = pt3.y - pt2.y
        if isSmall(dx2, dy2) {
            dx2 = pt3.x - pt1.x
            dy2 = pt3.y - pt1.y
            if isSmall(dx2, dy2) { return addLine(pt3, dir: dir) }
            flags ^= 4
        }
        if flags == 12 { return addLine(pt3, dir: dir) }

        let pt = [lastPoint, pt1, pt2, pt3]
        lastPoint = pt3
        let dx1 = pt[flags >> 2].x - pt[flags & 3].x
        let dy1 = pt[flags >> 2].y - pt[flags & 3].y
        let deriv = [Vector(x: Double(dy0) * yscale, y: Double(-dx0) * xscale),
                     Vector(x: Double(dy1) * yscale, y: Double(-dx1) * xscale),
                     Vector(x: Double(dy2) * yscale, y: Double(-dx2) * xscale)]
        let len0 = deriv[0].length, scale0 = 1 / len0
        let len2 = deriv[2].length, scale2 = 1 / len2
        let normal = [Normal(v: Vector(x: deriv[0].x * scale0, y: deriv[0].y * scale0), len: len0),
                      Normal(v: Vector(x: deriv[2].x * scale2, y: deriv[2].y * scale2), len: len2)]
        let first = contourStart
        startSegment(pt[0], normal[0].v, dir)
        processCubic(pt, deriv, normal, dir, first)
    }

    // MARK: Contours

    private mutating func closeContour(dir dir0: Int) {
        var dir = dir0
        if contourStart {
            // A contour of a single point: a circle, once (both outlines would coincide).
            if dir & 3 == 3 { dir = 1 }
            drawCircle(lastPoint, dir)
        } else {
            addLine(firstPoint, dir: dir)
            startSegment(firstPoint, firstNormal, dir)
            emit(firstPoint, firstNormal, LibassOutline.line, ~lastSkip & dir & firstSkip)
            if lastNormal.x != firstNormal.x || lastNormal.y != firstNormal.y {
                fixFirstPoint(firstPoint, lastNormal, ~lastSkip & dir & ~firstSkip)
            }
            contourStart = true
        }
        if dir & 1 != 0, !outer.segments.isEmpty { outer.segments[outer.segments.count - 1] |= LibassOutline.contourEnd }
        if dir & 2 != 0, !inner.segments.isEmpty { inner.segments[inner.segments.count - 1] |= LibassOutline.contourEnd }
        contourFirst = (outer.points.count, inner.points.count)
    }
}
