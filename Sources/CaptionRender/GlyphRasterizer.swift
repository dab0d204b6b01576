import CFreeType
import CaptionLayout

/// Turns one glyph of a `FontFace` into coverage masks placed in the frame: the fill, and for a
/// stroke width > 0 the stroke (the fill expanded by that width, as libass's `\bord`).
///
/// How, and why so:
/// - The outline is loaded unhinted (`FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP`) at libass's reference
///   size of 256 px (libass loads every glyph there when hinting is off and scales it down), sized by
///   the ASS convention (`FontFace.withReferenceSize`).
/// - Placement as libass places glyphs (`quantize_transform` in ass_render.c): the centre of the
///   outline's control box, not the pen, goes on a 1/8 px grid; the outline is scaled (size / 256 times
///   the animation scale) about that centre. `LibassSubpixelRun` decides the grid point for each glyph
///   of a run the way libass does.
/// - Scale (for scale animations) multiplies the outline about its centre and moves the centre about
///   the given origin: scaling the frame about that origin. The stroke width is applied after
///   scaling, in frame pixels (the caller multiplies by the scale if the border should grow).
/// - The border outline's own control-box centre goes on the grid apart from the fill's, as libass
///   rounds its border bitmap (`get_bitmap_glyph`): the two can land an eighth apart.
/// - The centre's 1/8 px phase is part of the cache key; the integer part only moves the finished
///   masks, so the cache serves every position. Fill and border are cached apart.
/// - Stroke: libass's own stroker (`LibassStroker`) on the outline in libass's form and units
///   (`LibassBorder`): an outward and an inward offset outline of every contour, rasterized as
///   libass's two outline groups. The fill is not part of it: libass draws the border bitmap as
///   stroked and the (opaque) fill on top. FreeType's stroker (round joins) put up to 60 levels more
///   or less coverage where borders nearly close a counter or meet each other.
/// - Rasterizing: libass's rasterizer (`LibassRasterizer`), fill and border alike: its curve
///   flattening, 16 px tiles and fixed-point coverage, so glyphs come out as libass draws them to the
///   level (text without effects: SAME under libass's compare). FreeType's exact-area rasterizer put a
///   few levels of difference on most edge pixels. FreeType's rasterizer remains the fallback for an
///   outline libass's form rejects.
/// - Glyphs without an outline (space, bitmap-only or colour-bitmap emoji fonts) give empty masks:
///   colour glyphs are not drawn by this renderer. COLR fonts give their monochrome base outline.
///
/// FreeType's library is used here only for the rasterizer's memory, outside the face lock.
public struct GlyphRasterizer: Sendable {
    public let cache: GlyphCache

    public init(cache: GlyphCache = .shared) { self.cache = cache }

    /// The masks of `glyph` at ASS `size` (px) with its pen (baseline origin) at (penX, penY) in frame
    /// pixels, scaled by (scaleX, scaleY) about (originX, originY) (default: the pen), stroked by
    /// `strokeWidth` px: the glyph placed on its own (a run of one glyph, in libass's terms). `stroke`
    /// is nil when `strokeWidth` is 0, else a mask (empty for a glyph without outline).
    public func masks(glyph: UInt32, face: FontFace, size: Double, penX: Double, penY: Double,
                      scaleX: Double = 1, scaleY: Double = 1, originX: Double? = nil, originY: Double? = nil,
                      strokeWidth: Double = 0, decorations: GlyphDecorations = []) -> GlyphMasks {
        let exact = exactCentres(glyph: glyph, face: face, size: size, penX: penX, penY: penY, scaleX: scaleX, scaleY: scaleY,
                                 originX: originX, originY: originY, strokeWidth: strokeWidth, decorations: decorations)
        var run = LibassSubpixelRun()
        let q = run.place(x: exact.fill.x, y: exact.fill.y)
        let b = exact.border.map { run.place(x: $0.x, y: $0.y) }
        return masks(glyph: glyph, face: face, size: size, centreX8: q.x, centreY8: q.y, border8: b,
                     scaleX: scaleX, scaleY: scaleY, strokeWidth: strokeWidth, decorations: decorations)
    }

    /// Where the centres of the glyph's control box and of its border outline's land, in frame pixels
    /// times 8 (libass's subpixel unit), for the pen at (penX, penY) and the frame scaled about
    /// (originX, originY). libass rounds the two to its grid separately (`get_bitmap_glyph`); `border`
    /// is nil without a stroke, or when libass draws the fill as the border (a width that rounds to 0).
    ///
    /// At rest the arithmetic is libass's own, operation for operation (`calc_transform_matrix` and
    /// `quantize_transform`: the pen in 26.6, the centre through a matrix scaled by 20000 and back),
    /// because a run's glyphs often land exactly half an eighth from the grid and the last bit of
    /// that product decides which way libass rounds. `decorations`: the lines libass adds to the
    /// outline for `\u1` and `\s1` (`GlyphDecorations`), which move its control box.
    public func exactCentres(glyph: UInt32, face: FontFace, size: Double, penX: Double, penY: Double,
                             scaleX: Double = 1, scaleY: Double = 1, originX: Double? = nil, originY: Double? = nil,
                             strokeWidth: Double = 0, decorations: GlyphDecorations = [])
        -> (fill: (x: Double, y: Double), border: (x: Double, y: Double)?) {
        func exact(_ c: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let k = size / FontFace.libassReferenceSize
            if scaleX == 1, scaleY == 1 {
                let dist = 20000.0, w = 1 / dist
                let px = (penX * 64).rounded(), py = (penY * 64).rounded()
                return ((dist * px + (dist * k) * c.x) * w / 8, (dist * py + (dist * k) * -c.y) * w / 8)
            }
            let ox = originX ?? penX, oy = originY ?? penY
            // The centre at rest (outline y up, frame y down), then scaled about the origin.
            let cx = penX + c.x * k / 64, cy = penY - c.y * k / 64
            return ((ox + scaleX * (cx - ox)) * 8, (oy + scaleY * (cy - oy)) * 8)
        }
        let fill = exact(OutlineCentres.shared.centre(glyph, face: face, decorations: decorations))
        guard let border = Self.border(size: size, scaleX: scaleX, scaleY: scaleY, strokeWidth: strokeWidth), !border.isEmpty,
              let c = OutlineCentres.shared.borderCentre(glyph, face: face, border: border, decorations: decorations) else {
            return (fill, nil)
        }
        return (fill, exact(c))
    }

    /// The masks of `glyph` with the centre of its control box at (centreX8, centreY8) eighths of a
    /// frame pixel and the centre of its border outline at `border8` (default: the same point), at ASS
    /// `size` scaled by (scaleX, scaleY), stroked by `strokeWidth` px.
    public func masks(glyph: UInt32, face: FontFace, size: Double, centreX8: Int, centreY8: Int, border8: (x: Int, y: Int)? = nil,
                      scaleX: Double = 1, scaleY: Double = 1, strokeWidth: Double = 0, decorations: GlyphDecorations = []) -> GlyphMasks {
        guard size > 0, scaleX > 0, scaleY > 0 else { return GlyphMasks(fill: .empty, stroke: nil) }
        // The integer part only moves the cached masks (floor division: the fraction is 0...7 eighths).
        func lookUp(_ x8: Int, _ y8: Int, stroke: Double) -> AlphaMask {
            let (ix, iy) = (x8 >> 3, y8 >> 3)
            var key = Self.key(glyph: glyph, face: face, size: size, scaleX: scaleX, scaleY: scaleY, strokeWidth: stroke,
                               subpixel: (UInt8(x8 - ix * 8), UInt8(y8 - iy * 8)))
            key.decorations = decorations
            let masks = cache.masks(for: key) { GlyphRasterizer.draw(key, face: face) }
            return (masks.stroke ?? masks.fill).translated(dx: ix, dy: iy)
        }
        let fill = lookUp(centreX8, centreY8, stroke: 0)
        guard let border = Self.border(size: size, scaleX: scaleX, scaleY: scaleY, strokeWidth: strokeWidth) else {
            return GlyphMasks(fill: fill, stroke: nil)
        }
        // A width libass rounds to nothing: it draws the fill bitmap as the border.
        if border.isEmpty { return GlyphMasks(fill: fill, stroke: fill) }
        let b = border8 ?? (centreX8, centreY8)
        return GlyphMasks(fill: fill, stroke: lookUp(b.x, b.y, stroke: strokeWidth))
    }

    /// The cache key.
    static func key(glyph: UInt32, face: FontFace, size: Double, scaleX: Double, scaleY: Double, strokeWidth: Double,
                    subpixel: (x: UInt8, y: UInt8)) -> GlyphKey {
        GlyphKey(fontPath: face.path, faceIndex: face.index, glyph: glyph, size: size, scaleX: scaleX, scaleY: scaleY,
                 strokeWidth: max(strokeWidth, 0), subpixelX8: subpixel.x, subpixelY8: subpixel.y)
    }

    /// libass's border for a glyph at `size` scaled by (scaleX, scaleY) with a `strokeWidth` px stroke:
    /// nil without a stroke.
    static func border(size: Double, scaleX: Double, scaleY: Double, strokeWidth: Double) -> LibassBorder? {
        guard strokeWidth > 0 else { return nil }
        let k = size / FontFace.libassReferenceSize
        return LibassBorder(scale: (scaleX * k, scaleY * k), width: strokeWidth)
    }

    /// Draws a key's mask with the outline's centre at the key's subpixel phase from the integer
    /// position (0, 0), no cache, untrimmed: the mask keeps the extent of libass's bitmap (16 px
    /// tiles), because libass's blur halves a word's combined bitmap on a grid that starts at its
    /// edge, so a shadow needs the same edge to come out the same: a key without a stroke names the fill (`fill`), one with a stroke
    /// names the border alone (`stroke`; `fill` empty), since libass places the two on its grid apart.
    static func draw(_ key: GlyphKey, face: FontFace) -> GlyphMasks {
        let stroked = key.strokeWidth > 0
        guard key.size > 0, key.scaleX > 0, key.scaleY > 0,
              let source = loadOutline(key.glyph, face: face, decorations: key.decorations) else {
            return GlyphMasks(fill: .empty, stroke: stroked ? .empty : nil)
        }
        let k = key.size / FontFace.libassReferenceSize
        let requested = (x: key.scaleX * k, y: key.scaleY * k)
        let phase = (x: Int(key.subpixelX8) * 8, y: -Int(key.subpixelY8) * 8)
        guard stroked, let border = border(size: key.size, scaleX: key.scaleX, scaleY: key.scaleY, strokeWidth: key.strokeWidth),
              !border.isEmpty else {
            return GlyphMasks(fill: fill(source, scale: requested, phase: phase), stroke: nil)
        }
        // The border as libass strokes it (LibassStroker), at its width and scale (LibassBorder). With
        // an opaque fill libass draws the border bitmap as stroked, the fill on top (FILL_IN_BORDER).
        return GlyphMasks(fill: .empty, stroke: border.mask(for: source, phase: phase) ?? .empty)
    }

    /// The fill as libass draws it: the outline in libass's form (`LibassOutline`), scaled as its
    /// bitmap cache quantises the transform, its control-box centre at `phase`, through libass's
    /// rasterizer. FreeType's outline and rasterizer for the rare outline libass's form rejects.
    static func fill(_ source: GlyphOutline, scale requested: (x: Double, y: Double), phase: (x: Int, y: Int)) -> AlphaMask {
        let scale = source.libassScale(x: requested.x, y: requested.y)
        if let outline = LibassOutline(source), let box = LibassOutline.controlBox([outline]),
           let mask = LibassOutline.rasterize([outline], scale: scale,
                                              centre: (Double(box.0 + box.2) / 2, Double(box.1 + box.3) / 2), phase: phase) {
            return mask
        }
        var outline = source.placed(scale: scale, phase: phase)
        return outline.rasterize(grow: 0)
    }

    /// Loads the unhinted outline at the reference size into Swift-owned arrays, holding the face's
    /// lock only for the load, with `decorations`' lines added across its advance. Nil when the glyph
    /// has nothing to draw.
    static func loadOutline(_ glyph: UInt32, face: FontFace, decorations: GlyphDecorations = []) -> GlyphOutline? {
        guard face.isScalable else { return nil }
        // (Read before the load: both hold the face's lock.)
        let metrics = decorations.isEmpty ? nil : DecorationBars.metrics(of: face)
        return face.withReferenceSize { ftFace -> GlyphOutline? in
            guard FT_Load_Glyph(ftFace, glyph, cfreetype_load_no_hinting() | cfreetype_load_no_bitmap()) == 0,
                  let slot = ftFace.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            let outline = GlyphOutline(copying: slot.pointee.outline, library: slot.pointee.library)
            guard let metrics, let library = slot.pointee.library else { return outline }
            return decorations.apply(to: outline, advance: Int(slot.pointee.advance.x), metrics: metrics, library: library)
        }
    }
}

/// An outline in 26.6 units, y up, owned by Swift; borrowed by FreeType calls as an `FT_Outline`.
struct GlyphOutline {
    var points: [FT_Vector]
    var tags: [CChar]
    var contourEnds: [Int16]
    var flags: Int32
    let library: FT_Library

    init(points: [FT_Vector], tags: [CChar], contourEnds: [Int16], flags: Int32, library: FT_Library) {
        self.points = points; self.tags = tags; self.contourEnds = contourEnds; self.flags = flags; self.library = library
    }

    init?(copying source: FT_Outline, library: FT_Library?) {
        let pointCount = Int(source.n_points), contourCount = Int(source.n_contours)
        guard pointCount > 0, contourCount > 0, let library else { return nil }
        points = Array(UnsafeBufferPointer(start: source.points, count: pointCount))
        tags = Array(UnsafeBufferPointer(start: source.tags, count: pointCount))
        contourEnds = Array(UnsafeBufferPointer(start: source.contours, count: contourCount)).map { Int16($0) }
        flags = source.flags
        self.library = library
    }

    /// The contours' winding, as FreeType reads it (`FT_Outline_Get_Orientation`).
    var orientation: FT_Orientation {
        var copy = self
        return copy.withFTOutline(contours: contourEnds.indices) { FT_Outline_Get_Orientation(&$0) }
    }

    /// The centre of the control box, in 26.6 units (y up): where libass anchors a glyph's placement.
    var centre: (x: Double, y: Double) {
        let (minX, minY, maxX, maxY) = libassBox
        return (Double(minX + maxX) / 2, Double(minY + maxY) / 2)
    }

    /// The control box libass computes for this glyph (`ass_outline_update_cbox` on its own outline:
    /// conic control points split at midpoints, which can pull the box in from FreeType's raw
    /// points), y up. A box off by a unit moves the centre, and with it libass's 1/8 px rounding.
    var libassBox: (Int, Int, Int, Int) {
        if let outline = LibassOutline(self), let (minX, minY, maxX, maxY) = LibassOutline.controlBox([outline]) {
            return (minX, -maxY, maxX, -minY)
        }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return (minX, minY, maxX, maxY)
    }

    /// The outline scaled about its control box's centre, the centre moved to `phase` (26.6; y is
    /// up in outline space, down in frames).
    func placed(scale: (x: Double, y: Double), phase: (x: Int, y: Int)) -> GlyphOutline {
        let c = centre
        var out = self
        for i in out.points.indices {
            out.points[i].x = Int(((Double(points[i].x) - c.x) * scale.x).rounded()) + phase.x
            out.points[i].y = Int(((Double(points[i].y) - c.y) * scale.y).rounded()) + phase.y
        }
        return out
    }

    /// The control box's width and height in 26.6 units.
    var extent: (x: Double, y: Double) {
        let (minX, minY, maxX, maxY) = libassBox
        return (Double(maxX - minX), Double(maxY - minY))
    }

    /// The scale libass actually applies to this outline for a requested (x, y) scale: its bitmap
    /// cache key stores the transform quantised in steps of 8 / (half the control box + 64 units)
    /// (`quantize_transform`/`restore_transform`, POSITION_PRECISION 8), so each glyph is drawn up
    /// to a few tenths of a percent larger or smaller than asked, per axis. Measured on 'l' at 40 px:
    /// 1 % narrower and 0.3 % taller than the exact scale, 0.04 px at each edge.
    func libassScale(x: Double, y: Double) -> (x: Double, y: Double) {
        let e = extent
        return (LibassBorder.quantisedScale(x, halfExtent: e.x / 2 + 64), LibassBorder.quantisedScale(y, halfExtent: e.y / 2 + 64))
    }

    /// The control box in whole pixels: (x0, y0, x1, y1), y up.
    var pixelBox: (Int, Int, Int, Int) {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return (minX >> 6, minY >> 6, (maxX + 63) >> 6, (maxY + 63) >> 6)
    }

    /// The fill mask, its box grown by `grow` pixels, relative to the pen (frame y = −outline y).
    mutating func rasterize(grow: Int) -> AlphaMask {
        let (x0, y0, x1, y1) = pixelBox
        var mask = AlphaMask(x: x0 - grow, y: -(y1 + grow), width: x1 - x0 + 2 * grow, height: y1 - y0 + 2 * grow)
        let renderer = self
        withFTOutline(contours: contourEnds.indices) { renderer.renderMax(&$0, into: &mask) }
        return mask
    }

    /// Lends the given contours (a contiguous range) as an `FT_Outline` view of the arrays.
    mutating func withFTOutline<R>(contours: Range<Int>, _ body: (inout FT_Outline) -> R) -> R {
        let firstPoint = contours.lowerBound == 0 ? 0 : Int(contourEnds[contours.lowerBound - 1]) + 1
        let lastPoint = Int(contourEnds[contours.upperBound - 1])
        var ends = contourEnds[contours].map { Int16(Int($0) - firstPoint) }
        let flags = self.flags
        return points.withUnsafeMutableBufferPointer { pts in
            tags.withUnsafeMutableBufferPointer { tgs in
                ends.withUnsafeMutableBufferPointer { ends in
                    var outline = FT_Outline()
                    outline.n_points = numericCast(lastPoint - firstPoint + 1)
                    outline.n_contours = numericCast(ends.count)
                    outline.points = pts.baseAddress! + firstPoint
                    outline.tags = tgs.baseAddress! + firstPoint
                    outline.contours = ends.baseAddress!
                    outline.flags = flags
                    return body(&outline)
                }
            }
        }
    }

    /// Rasterizes with the gray rasterizer, raising `mask`'s coverage to each span's (y up → rows down).
    func renderMax(_ outline: inout FT_Outline, into mask: inout AlphaMask) {
        let (mx, my, mw, mh) = (mask.x, mask.y, mask.width, mask.height)
        guard mw > 0, mh > 0 else { return }
        let library = self.library
        mask.withUnsafeMutableCoverage { buffer in
            var target = SpanTarget(buffer: buffer.baseAddress!, width: mw, height: mh, left: mx, top: -my)
            withUnsafeMutablePointer(to: &target) { targetPointer in
                var params = FT_Raster_Params()
                params.flags = Int32(FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP)
                params.gray_spans = spanMax
                params.user = UnsafeMutableRawPointer(targetPointer)
                params.clip_box = FT_BBox(xMin: mx, yMin: -my - mh, xMax: mx + mw, yMax: -my)
                _ = FT_Outline_Render(library, &outline, &params)
            }
        }
    }
}

/// Where spans go: a mask buffer whose top-left pixel is at (left, top) in outline pixels (y up).
private struct SpanTarget {
    var buffer: UnsafeMutablePointer<UInt8>
    var width: Int
    var height: Int
    var left: Int
    var top: Int
}

/// FreeType span callback: max-combines coverage, so several renders union into one mask.
private let spanMax: FT_SpanFunc = { y, count, spans, user in
    guard let spans, let target = user?.assumingMemoryBound(to: SpanTarget.self).pointee else { return }
    let row = target.top - 1 - Int(y)
    guard row >= 0, row < target.height else { return }
    let line = target.buffer + row * target.width
    for i in 0..<Int(count) {
        let span = spans[i]
        let start = max(Int(span.x) - target.left, 0), end = min(Int(span.x) + Int(span.len) - target.left, target.width)
        guard start < end else { continue }
        let coverage = span.coverage
        for x in start..<end where line[x] < coverage { line[x] = coverage }
    }
}
