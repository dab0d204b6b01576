// Ported from libass 0.17.1 (ass_rasterizer.c, ass_rasterizer_c.c), Copyright (C) 2014 Vabishchevich Nikolay <vabnick@gmail.com>,
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

/// libass 0.17.1's rasterizer (`ass_rasterizer.c`, `ass_rasterizer_c.c` with 16 px tiles, as Debian
/// builds it), ported operation for operation so the native renderer's coverage is libass's to the
/// last level.
///
/// Why not FreeType's rasterizer: FreeType computes each pixel's exact covered area; libass does not.
/// It cuts curves into lines (`add_quadratic`/`add_cubic`, within 1/4 px), splits the lines into
/// 16×16 tiles, and fills a tile crossed by one line with a half-plane approximation and one crossed
/// by several by summing trapezoids, in 16-bit fixed point. The results differ by a few levels at
/// most pixels of an edge, and where two glyphs' partly covered border edges meet they add up
/// differently (252 against libass's 255, which libass's compare grades BAD in a flat area).
///
/// An outline is given as groups of contours (libass passes the glyph, or a border's outer and inner
/// offsets, as two groups); each group is filled with the non-zero rule and the groups' coverage
/// merged by maximum (`merge_tile`, as libass's SIMD code does).
struct LibassRasterizer {
    /// A polyline segment (`struct segment`): the half-plane a·x + b·y < c, normalised, with its box.
    struct Segment {
        var c: Int64
        var a: Int32, b: Int32, scale: Int32, flags: Int32
        var xMin: Int32, xMax: Int32, yMin: Int32, yMax: Int32
    }

    static let down: Int32 = 1, ulDr: Int32 = 2, exactLeft: Int32 = 4, exactRight: Int32 = 8
    static let exactTop: Int32 = 16, exactBottom: Int32 = 32
    static let tileOrder = 4, tileSize = 16

    /// Rasterizes the polygons of each group (points in frame 26.6 units, y down, each contour
    /// closed implicitly) into a mask whose origin is the frame's (0, 0). Empty when nothing is inside.
    static func rasterize(_ groups: [[[LibassOutline.Point]]]) -> AlphaMask {
        var lines: [[Segment]] = groups.map { contours in
            var out: [Segment] = []
            for contour in contours where contour.count > 1 {
                for i in contour.indices {
                    addLine(contour[i], contour[(i + 1) % contour.count], to: &out)
                }
            }
            return out
        }
        while lines.count < 2 { lines.append([]) }
        let all = lines[0] + lines[1]
        guard !all.isEmpty else { return .empty }
        let bx0 = Int(all.map(\.xMin).min()!), by0 = Int(all.map(\.yMin).min()!)
        let bx1 = Int(all.map(\.xMax).max()!), by1 = Int(all.map(\.yMax).max()!)
        // `ass_outline_to_bitmap`: a 1/64 px margin keeps edges off the bitmap's border.
        let x0 = (bx0 - 1) >> 6, y0 = (by0 - 1) >> 6
        let x1 = (bx1 + 127) >> 6, y1 = (by1 + 127) >> 6
        let mask = tileSize - 1
        let width = (x1 - x0 + mask) & ~mask, height = (y1 - y0 + mask) & ~mask
        var buffer = [UInt8](repeating: 0, count: width * height)
        buffer.withUnsafeMutableBufferPointer { buf in
            fill(buf.baseAddress!, x0: x0, y0: y0, width: width, height: height, stride: width,
                 groups: (lines[0], lines[1]), bbox: (bx0, by0, bx1, by1))
        }
        return AlphaMask(x: x0, y: y0, width: width, height: height, coverage: buffer)
    }

    // MARK: Segments

    static func addLine(_ p0: LibassOutline.Point, _ p1: LibassOutline.Point, to out: inout [Segment]) {
        let x = Int32(p1.x - p0.x), y = Int32(p1.y - p0.y)
        if x == 0 && y == 0 { return }
        var flags = exactLeft | exactRight | exactTop | exactBottom
        if x < 0 { flags ^= ulDr }
        if y >= 0 { flags ^= down | ulDr }
        var a = y, b = -x
        var c = Int64(y) * Int64(p0.x) - Int64(x) * Int64(p0.y)
        var maxAB = UInt32(max(abs(x), abs(y)))
        let shift = 30 - (31 - maxAB.leadingZeroBitCount)
        maxAB <<= UInt32(shift + 1)
        a *= 1 << shift; b *= 1 << shift; c *= Int64(1) << shift
        // 0.17.1's approximation of 2^61 / max_ab (the exact division is commented out there).
        let m = UInt64(maxAB)
        var scale = Int32(truncatingIfNeeded: (0x5333_3333 &* UInt64(UInt32(truncatingIfNeeded: (m &* m) >> 32))) >> 32)
        let add = UInt64(0x8810_624D) &- ((0xBBC6_A7EF &* m) >> 32)
        scale = Int32(truncatingIfNeeded: UInt64(bitPattern: Int64(scale)) &+ add)
        out.append(Segment(c: c, a: a, b: b, scale: scale, flags: flags,
                           xMin: Int32(min(p0.x, p1.x)), xMax: Int32(max(p0.x, p1.x)),
                           yMin: Int32(min(p0.y, p1.y)), yMax: Int32(max(p0.y, p1.y))))
    }

    static func moveX(_ line: inout Segment, _ x: Int32) {
        line.xMin -= x; line.xMax -= x
        line.xMin = max(line.xMin, 0)
        line.c -= Int64(line.a) * Int64(x)
        let test = exactLeft | ulDr
        if line.xMin == 0 && (line.flags & test) == test { line.flags &= ~exactTop }
    }

    static func moveY(_ line: inout Segment, _ y: Int32) {
        line.yMin -= y; line.yMax -= y
        line.yMin = max(line.yMin, 0)
        line.c -= Int64(line.b) * Int64(y)
        let test = exactTop | ulDr
        if line.yMin == 0 && (line.flags & test) == test { line.flags &= ~exactLeft }
    }

    static func splitHorz(_ line: inout Segment, _ x: Int32) -> Segment {
        var next = line
        next.c -= Int64(line.a) * Int64(x)
        next.xMin = 0
        next.xMax -= x
        line.xMax = x
        line.flags &= ~exactTop
        next.flags &= ~exactBottom
        if line.flags & ulDr != 0 { swap(&line.flags, &next.flags) }
        line.flags |= exactRight
        next.flags |= exactLeft
        return next
    }

    static func splitVert(_ line: inout Segment, _ y: Int32) -> Segment {
        var next = line
        next.c -= Int64(line.b) * Int64(y)
        next.yMin = 0
        next.yMax -= y
        line.yMax = y
        line.flags &= ~exactLeft
        next.flags &= ~exactRight
        if line.flags & ulDr != 0 { swap(&line.flags, &next.flags) }
        line.flags |= exactBottom
        next.flags |= exactTop
        return next
    }

    static func checkLeft(_ l: Segment, _ x: Int32) -> Bool {
        if l.flags & exactLeft != 0 { return l.xMin >= x }
        var cc = l.c - Int64(l.a) * Int64(x) - Int64(l.b) * Int64(l.flags & ulDr != 0 ? l.yMin : l.yMax)
        if l.a < 0 { cc = -cc }
        return cc >= 0
    }

    static func checkRight(_ l: Segment, _ x: Int32) -> Bool {
        if l.flags & exactRight != 0 { return l.xMax <= x }
        var cc = l.c - Int64(l.a) * Int64(x) - Int64(l.b) * Int64(l.flags & ulDr != 0 ? l.yMax : l.yMin)
        if l.a > 0 { cc = -cc }
        return cc >= 0
    }

    static func checkTop(_ l: Segment, _ y: Int32) -> Bool {
        if l.flags & exactTop != 0 { return l.yMin >= y }
        var cc = l.c - Int64(l.b) * Int64(y) - Int64(l.a) * Int64(l.flags & ulDr != 0 ? l.xMin : l.xMax)
        if l.b < 0 { cc = -cc }
        return cc >= 0
    }

    static func checkBottom(_ l: Segment, _ y: Int32) -> Bool {
        if l.flags & exactBottom != 0 { return l.yMax <= y }
        var cc = l.c - Int64(l.b) * Int64(y) - Int64(l.a) * Int64(l.flags & ulDr != 0 ? l.xMax : l.xMin)
        if l.b > 0 { cc = -cc }
        return cc >= 0
    }

    typealias Groups = ([Segment], [Segment])

    /// `polyline_split_horz` (`vertical` false: the parts left and right of x = `at`) and
    /// `polyline_split_vert` (true: above and below y = `at`), each group apart; `winding` gains the
    /// winding of the second part's top-left corner.
    static func split(_ src: Groups, at: Int32, vertical: Bool, winding: inout (Int, Int)) -> (first: Groups, second: Groups) {
        var first: Groups = ([], []), second: Groups = ([], [])
        for group in 0..<2 {
            var f: [Segment] = [], t: [Segment] = []
            var w = 0
            for s in group == 0 ? src.0 : src.1 {
                var delta = 0
                if vertical {
                    if s.xMin == 0 && s.flags & exactLeft != 0 { delta = s.b < 0 ? 1 : -1 }
                } else {
                    if s.yMin == 0 && s.flags & exactTop != 0 { delta = s.a < 0 ? 1 : -1 }
                }
                if vertical ? checkBottom(s, at) : checkRight(s, at) {
                    w += delta
                    if (vertical ? s.yMin : s.xMin) >= at { continue }
                    var d = s
                    if vertical { d.yMax = min(d.yMax, at) } else { d.xMax = min(d.xMax, at) }
                    f.append(d)
                    continue
                }
                if vertical ? checkTop(s, at) : checkLeft(s, at) {
                    var d = s
                    if vertical { moveY(&d, at) } else { moveX(&d, at) }
                    t.append(d)
                    continue
                }
                if s.flags & ulDr != 0 { w += delta }
                var d = s
                let next = vertical ? splitVert(&d, at) : splitHorz(&d, at)
                f.append(d); t.append(next)
            }
            if group == 0 { first.0 = f; second.0 = t; winding.0 += w } else { first.1 = f; second.1 = t; winding.1 += w }
        }
        return (first, second)
    }

    // MARK: Filling

    /// `ass_rasterizer_fill`: moves the lines to the bitmap's origin, drops what lies outside it, and
    /// fills it quad-tree fashion.
    static func fill(_ buf: UnsafeMutablePointer<UInt8>, x0: Int, y0: Int, width: Int, height: Int, stride: Int,
                     groups: Groups, bbox: (Int, Int, Int, Int)) {
        let ox = Int32(x0 * 64), oy = Int32(y0 * 64)
        func moved(_ lines: [Segment]) -> [Segment] {
            lines.map { var l = $0
                l.xMin -= ox; l.xMax -= ox; l.yMin -= oy; l.yMax -= oy
                l.c -= Int64(l.a) * Int64(ox) + Int64(l.b) * Int64(oy)
                return l }
        }
        var lines: Groups = (moved(groups.0), moved(groups.1))
        let box = (bbox.0 - Int(ox), bbox.1 - Int(oy), bbox.2 - Int(ox), bbox.3 - Int(oy))
        var winding = (0, 0)
        let sizeX = Int32(width << 6), sizeY = Int32(height << 6)
        if box.2 >= Int(sizeX) {
            lines = split(lines, at: sizeX, vertical: false, winding: &winding).first
            winding = (0, 0)
        }
        if box.3 >= Int(sizeY) {
            lines = split(lines, at: sizeY, vertical: true, winding: &winding).first
            winding = (0, 0)
        }
        if box.0 <= 0 { lines = split(lines, at: 0, vertical: false, winding: &winding).second }
        if box.1 <= 0 { lines = split(lines, at: 0, vertical: true, winding: &winding).second }
        var tile = [UInt8](repeating: 0, count: tileSize * tileSize)
        tile.withUnsafeMutableBufferPointer { t in
            fillLevel(buf, width: width, height: height, stride: stride, lines: lines, winding: winding, tile: t.baseAddress!)
        }
    }

    static let flagSolid = 1, flagComplex = 2, flagReverse = 4, flagGeneric = 8

    static func fillFlags(_ lines: [Segment], winding: Int) -> Int {
        if lines.isEmpty { return winding != 0 ? flagSolid : 0 }
        if lines.count > 1 { return flagComplex | flagGeneric }
        let line = lines[0]
        var winding = winding
        let test = ulDr | exactLeft
        if ((line.flags & test) != test) == (line.flags & down == 0) { winding += 1 }
        switch winding {
        case 0: return flagComplex | flagReverse
        case 1: return flagComplex
        default: return flagSolid
        }
    }

    /// `rasterizer_fill_level`.
    static func fillLevel(_ buf: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                          lines: Groups, winding: (Int, Int), tile: UnsafeMutablePointer<UInt8>) {
        let flags0 = fillFlags(lines.0, winding: winding.0)
        let flags1 = fillFlags(lines.1, winding: winding.1)
        let flags = (flags0 | flags1) ^ flagComplex
        if flags & (flagSolid | flagComplex) != 0 {
            fillSolid(buf, width: width, height: height, stride: stride, set: flags & flagSolid != 0)
            return
        }
        if flags & flagGeneric == 0 && (flags0 ^ flags1) & flagComplex != 0 {
            let line = flags1 & flagComplex != 0 ? lines.1[0] : lines.0[0]
            fillHalfplane(buf, width: width, height: height, stride: stride, a: line.a, b: line.b, c: line.c,
                          scale: flags & flagReverse != 0 ? -line.scale : line.scale)
            return
        }
        if width == tileSize && height == tileSize {
            if flags1 & flagComplex == 0 {
                fillGenericTile(buf, stride: stride, lines.0, winding: winding.0)
                return
            }
            if flags0 & flagComplex == 0 {
                fillGenericTile(buf, stride: stride, lines.1, winding: winding.1)
                return
            }
            if flags0 & flagGeneric != 0 {
                fillGenericTile(buf, stride: stride, lines.0, winding: winding.0)
            } else {
                let l = lines.0[0]
                fillHalfplaneTile(buf, stride: stride, a: l.a, b: l.b, c: l.c, scale: flags0 & flagReverse != 0 ? -l.scale : l.scale)
            }
            if flags1 & flagGeneric != 0 {
                fillGenericTile(tile, stride: tileSize, lines.1, winding: winding.1)
            } else {
                let l = lines.1[0]
                fillHalfplaneTile(tile, stride: tileSize, a: l.a, b: l.b, c: l.c, scale: flags1 & flagReverse != 0 ? -l.scale : l.scale)
            }
            for y in 0..<tileSize {
                for x in 0..<tileSize { buf[y * stride + x] = max(buf[y * stride + x], tile[y * tileSize + x]) }
            }
            return
        }
        var winding1 = winding
        if width > height {
            let w = 1 << (Int.bitWidth - 1 - (width - 1).leadingZeroBitCount)
            let parts = split(lines, at: Int32(w << 6), vertical: false, winding: &winding1)
            fillLevel(buf, width: w, height: height, stride: stride, lines: parts.first, winding: winding, tile: tile)
            fillLevel(buf + w, width: width - w, height: height, stride: stride, lines: parts.second, winding: winding1, tile: tile)
        } else {
            let h = 1 << (Int.bitWidth - 1 - (height - 1).leadingZeroBitCount)
            let parts = split(lines, at: Int32(h << 6), vertical: true, winding: &winding1)
            fillLevel(buf, width: width, height: h, stride: stride, lines: parts.first, winding: winding, tile: tile)
            fillLevel(buf + h * stride, width: width, height: height - h, stride: stride, lines: parts.second, winding: winding1, tile: tile)
        }
    }

    static func fillSolid(_ buf: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, set: Bool) {
        let value: UInt8 = set ? 255 : 0
        for y in 0..<height { (buf + y * stride).update(repeating: value, count: width) }
    }

    /// `rasterizer_fill_halfplane`: tile by tile, solid where the tile lies wholly on one side.
    static func fillHalfplane(_ buf: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                              a: Int32, b: Int32, c: Int64, scale: Int32) {
        if width == tileSize && height == tileSize {
            fillHalfplaneTile(buf, stride: stride, a: a, b: b, c: c, scale: scale)
            return
        }
        let absA = Int64(UInt32(bitPattern: a < 0 ? -a : a)), absB = Int64(UInt32(bitPattern: b < 0 ? -b : b))
        let size = (absA + absB) << (tileOrder + 5)
        let offs = (Int64(a) + Int64(b)) * (1 << (tileOrder + 5))
        for ty in 0..<(height >> tileOrder) {
            for tx in 0..<(width >> tileOrder) {
                let cc = c - (Int64(a) * Int64(tx) + Int64(b) * Int64(ty)) * (1 << (tileOrder + 6))
                let offsC = offs - cc
                let absC = offsC < 0 ? -offsC : offsC
                let tile = buf + ty * tileSize * stride + tx * tileSize
                if absC < size {
                    fillHalfplaneTile(tile, stride: stride, a: a, b: b, c: cc, scale: scale)
                } else {
                    let set = (UInt32(truncatingIfNeeded: offsC >> 32) ^ UInt32(bitPattern: scale)) & 0x8000_0000 != 0
                    fillSolid(tile, width: tileSize, height: tileSize, stride: stride, set: set)
                }
            }
        }
    }

    /// A C `int16_t` store.
    @inline(__always) static func i16(_ v: Int) -> Int { Int(Int16(truncatingIfNeeded: v)) }

    /// The 16-bit coefficients of a segment (`(a * scale + 2^49) >> 50` and the like).
    @inline(__always) static func coefficients(a: Int32, b: Int32, c: Int64, scale: Int32) -> (a: Int, b: Int, c: Int) {
        let aa = i16(Int((Int64(a) * Int64(scale) + (1 << 49)) >> 50))
        let bb = i16(Int((Int64(b) * Int64(scale) + (1 << 49)) >> 50))
        let cc = i16(Int((Int64(Int32(truncatingIfNeeded: c >> 11)) * Int64(scale) + (1 << 44)) >> 45))
        return (aa, bb, cc)
    }

    /// `ass_fill_halfplane_tile16_c`.
    static func fillHalfplaneTile(_ buf: UnsafeMutablePointer<UInt8>, stride: Int, a: Int32, b: Int32, c: Int64, scale: Int32) {
        let (aa, bb, c0) = coefficients(a: a, b: b, c: c, scale: scale)
        var cc = i16(c0 + (1 << 9) - ((aa + bb) >> 1))
        let delta = i16((min(abs(aa), abs(bb)) + 2) >> 2)
        let full = 1 << 10
        var row = buf
        for _ in 0..<tileSize {
            for x in 0..<tileSize {
                let c1 = min(max(i16(cc - i16(aa * x - delta)), 0), full)
                let c2 = min(max(i16(cc - i16(aa * x + delta)), 0), full)
                row[x] = UInt8(min(i16(c1 + c2) >> 3, 255))
            }
            row += stride
            cc = i16(cc - bb)
        }
    }

    /// `update_border_line16`: the top or bottom row of a trapezoid, anti-aliased.
    @inline(__always)
    static func updateBorderLine(_ res: UnsafeMutablePointer<Int16>, absA: Int, va: UnsafePointer<Int16>, b: Int, absB: Int,
                                 c: Int, up: Int, dn: Int) {
        var size = i16(dn - up)
        var w = i16((1 << 10) + (size << 4) - absA)
        w = i16(min(w, 1 << 10) << 3)
        let dcB = i16((absB * size) >> 6)
        let dc = i16((min(absA, dcB) + 2) >> 2)
        let base = i16((b * i16(up + dn)) >> 7)
        let offs1 = i16(size - (((base + dc) * w) >> 16))
        let offs2 = i16(size - (((base - dc) * w) >> 16))
        size = i16(size << 1)
        for x in 0..<tileSize {
            let cw = i16(((c - Int(va[x])) * w) >> 16)
            let c1 = min(max(i16(cw + offs1), 0), size)
            let c2 = min(max(i16(cw + offs2), 0), size)
            res[x] = Int16(truncatingIfNeeded: Int(res[x]) + c1 + c2)
        }
    }

    /// `ass_fill_generic_tile16_c`: each segment as a trapezoid to the tile's left edge, summed.
    static func fillGenericTile(_ buf: UnsafeMutablePointer<UInt8>, stride: Int, _ lines: [Segment], winding: Int) {
        var res = [Int16](repeating: 0, count: tileSize * tileSize)
        var delta = [Int16](repeating: 0, count: tileSize + 2)
        var va = [Int16](repeating: 0, count: tileSize)
        let full = 1 << 10
        res.withUnsafeMutableBufferPointer { res in
            va.withUnsafeMutableBufferPointer { va in
                for line in lines {
                    var upDelta = line.flags & down != 0 ? 4 : 0
                    var dnDelta = upDelta
                    if line.xMin == 0 && line.flags & exactLeft != 0 { dnDelta ^= 4 }
                    if line.flags & ulDr != 0 { swap(&upDelta, &dnDelta) }
                    var up = Int(line.yMin) >> 6
                    let dn = Int(line.yMax) >> 6
                    let upPos = Int(line.yMin) & 63, dnPos = Int(line.yMax) & 63
                    let upDelta1 = i16(upDelta * upPos), dnDelta1 = i16(dnDelta * dnPos)
                    delta[up + 1] = Int16(truncatingIfNeeded: Int(delta[up + 1]) - upDelta1)
                    delta[up] = Int16(truncatingIfNeeded: Int(delta[up]) - ((upDelta << 6) - upDelta1))
                    delta[dn + 1] = Int16(truncatingIfNeeded: Int(delta[dn + 1]) + dnDelta1)
                    delta[dn] = Int16(truncatingIfNeeded: Int(delta[dn]) + ((dnDelta << 6) - dnDelta1))
                    if line.yMin == line.yMax { continue }

                    let (a, b, c0) = coefficients(a: line.a, b: line.b, c: line.c, scale: line.scale)
                    var c = i16(c0 - ((a >> 1) + b * up))
                    for x in 0..<tileSize { va[x] = Int16(truncatingIfNeeded: a * x) }
                    let absA = i16(abs(a)), absB = i16(abs(b))
                    let dc = i16((min(absA, absB) + 2) >> 2)
                    let base = i16((1 << 9) - (b >> 1))
                    let dc1 = i16(base + dc), dc2 = i16(base - dc)
                    let vaPointer = UnsafePointer(va.baseAddress!)

                    if upPos != 0 {
                        if dn == up {
                            updateBorderLine(res.baseAddress! + up * tileSize, absA: absA, va: vaPointer, b: b, absB: absB,
                                             c: c, up: upPos, dn: dnPos)
                            continue
                        }
                        updateBorderLine(res.baseAddress! + up * tileSize, absA: absA, va: vaPointer, b: b, absB: absB,
                                         c: c, up: upPos, dn: 64)
                        up += 1
                        c = i16(c - b)
                    }
                    if up < dn {
                        for y in up..<dn {
                            for x in 0..<tileSize {
                                let c1 = min(max(i16(c - Int(va[x]) + dc1), 0), full)
                                let c2 = min(max(i16(c - Int(va[x]) + dc2), 0), full)
                                res[y * tileSize + x] = Int16(truncatingIfNeeded: Int(res[y * tileSize + x]) + ((c1 + c2) >> 3))
                            }
                            c = i16(c - b)
                        }
                    }
                    if dnPos != 0 {
                        updateBorderLine(res.baseAddress! + dn * tileSize, absA: absA, va: vaPointer, b: b, absB: absB,
                                         c: c, up: 0, dn: dnPos)
                    }
                }
                var cur = i16(256 * winding)
                for y in 0..<tileSize {
                    cur = i16(cur + Int(delta[y]))
                    for x in 0..<tileSize {
                        var value = i16(Int(res[y * tileSize + x]) + cur)
                        let negative = i16(-value)
                        value = value > negative ? value : negative
                        buf[y * stride + x] = UInt8(min(value, 255))
                    }
                }
            }
        }
    }
}
