import CaptionLayout
import CaptionModel
import CaptionStyles

/// Draws a `CaptionScene`: boxes, the spoken word's box, shadow, stroke and fill, in that order.
struct CaptionPainter {
    let style: CaptionStyle
    let rasterizer: GlyphRasterizer

    func paint(_ scene: CaptionScene, onto image: inout RGBAImage) {
        let layout = scene.layout
        let k = layout.scale
        let dy = scene.motion.offsetY * k
        let pageOpacity = scene.motion.opacity
        guard pageOpacity > 0 else { return }

        if let box = style.box { paintBoxes(box, layout: layout, dy: dy, opacity: pageOpacity, onto: &image) }
        if let wordBox = style.wordBox {
            for (index, word) in layout.words.enumerated() where scene.appearances[index].boxed {
                let rect = wordBoxRect(word, layout: layout)
                let mask = AlphaMask.roundedRectangle(x: rect.x - wordBox.paddingX * k, y: rect.y + dy - wordBox.paddingY * k,
                                                      width: rect.width + 2 * wordBox.paddingX * k,
                                                      height: rect.height + 2 * wordBox.paddingY * k,
                                                      cornerRadius: wordBox.cornerRadius * k)
                image.blend(mask, color: wordBox.color, opacity: pageOpacity * scene.appearances[index].opacity)
            }
        }

        let glyphs = glyphMasks(scene, dy: dy)
        if style.shadow.opacity > 0 {
            paintShadow(glyphs, scale: k, opacity: pageOpacity, onto: &image)
        }
        for glyph in glyphs where glyph.opacity > 0 {
            if let stroke = glyph.masks.stroke {
                image.blend(stroke, color: style.strokeColor, opacity: pageOpacity * glyph.opacity)
            }
        }
        for glyph in glyphs where glyph.opacity > 0 {
            paintFill(glyph, opacity: pageOpacity * glyph.opacity, onto: &image)
        }
    }

    /// A glyph's masks and how to paint them.
    struct GlyphLayer {
        var masks: GlyphMasks
        var color: RGBAColor
        var opacity: Double
        /// Karaoke fill: pixels left of `sweepX` take `sweepColor` (right of it for right-to-left words).
        var sweepX: Int?
        var sweepColor: RGBAColor?
        var rightToLeft: Bool
    }

    func glyphMasks(_ scene: CaptionScene, dy: Double) -> [GlyphLayer] {
        let layout = scene.layout
        let strokeWidth = style.strokeWidth * layout.scale
        var layers: [GlyphLayer] = []
        layers.reserveCapacity(layout.glyphs.count)
        for glyph in layout.glyphs where glyph.inkBox != nil {
            let word = layout.words[glyph.wordIndex]
            let appearance = scene.appearances[glyph.wordIndex]
            if let visible = appearance.visibleCharacters, glyph.characterIndex - word.characterRange.lowerBound >= visible { continue }
            // Scale about the word's centre: the word grows in place and its neighbours never move.
            let centreX = word.box.x + word.box.width / 2
            let centreY = word.box.y + word.box.height / 2 + dy
            let masks = rasterizer.masks(glyph: glyph.glyphID, face: glyph.face, size: glyph.fontSize,
                                         penX: glyph.x, penY: glyph.y + dy,
                                         scaleX: appearance.scale, scaleY: appearance.scale,
                                         originX: centreX, originY: centreY, strokeWidth: strokeWidth)
            var sweepX: Int?
            if let sweep = appearance.sweep {
                let fraction = word.direction == .rightToLeft ? 1 - sweep : sweep
                sweepX = Int((word.box.x + fraction * word.box.width).rounded())
            }
            layers.append(GlyphLayer(masks: masks, color: appearance.color, opacity: appearance.opacity,
                                     sweepX: sweepX, sweepColor: appearance.sweepColor,
                                     rightToLeft: word.direction == .rightToLeft))
        }
        return layers
    }

    func paintFill(_ glyph: GlyphLayer, opacity: Double, onto image: inout RGBAImage) {
        let fill = glyph.masks.fill
        guard let split = glyph.sweepX, let sweepColor = glyph.sweepColor, !fill.isEmpty else {
            image.blend(fill, color: glyph.color, opacity: opacity)
            return
        }
        let frame = fill.frame
        let left = PixelRect(x: frame.x, y: frame.y, width: max(0, min(split, frame.maxX) - frame.x), height: frame.height)
        let right = PixelRect(x: max(split, frame.x), y: frame.y, width: max(0, frame.maxX - max(split, frame.x)), height: frame.height)
        let (swept, unswept) = glyph.rightToLeft ? (right, left) : (left, right)
        if swept.width > 0 { image.blend(fill.cropped(to: swept), color: sweepColor, opacity: opacity) }
        if unswept.width > 0 { image.blend(fill.cropped(to: unswept), color: glyph.color, opacity: opacity) }
    }

    func paintShadow(_ glyphs: [GlyphLayer], scale k: Double, opacity: Double, onto image: inout RGBAImage) {
        let shadow = style.shadow
        let visible = glyphs.filter { $0.opacity > 0 }.map { $0.masks.stroke ?? $0.masks.fill }
        guard !visible.isEmpty else { return }
        var mask = AlphaMask.union(visible)
        mask = mask.translated(dx: Int((shadow.offsetX * k).rounded()), dy: Int((shadow.offsetY * k).rounded()))
        if shadow.blur > 0 { mask = mask.blurred(radius: shadow.blur, scale: k) }
        image.blend(mask, color: shadow.color, opacity: opacity * shadow.opacity)
    }

    func paintBoxes(_ box: CaptionStyle.Box, layout: TextLayout, dy: Double, opacity: Double, onto image: inout RGBAImage) {
        let k = layout.scale
        let rects: [LayoutRect] = box.scope == .page ? [layout.bounds] : layout.lines.map(\.box)
        for rect in rects where rect.width > 0 {
            let mask = AlphaMask.roundedRectangle(x: rect.x - box.paddingX * k, y: rect.y + dy - box.paddingY * k,
                                                  width: rect.width + 2 * box.paddingX * k, height: rect.height + 2 * box.paddingY * k,
                                                  cornerRadius: box.cornerRadius * k)
            image.blend(mask, color: box.color, opacity: opacity)
        }
    }

    /// The spoken word's box: its advance box from line top to bottom, widened to its ink if the ink
    /// reaches further.
    func wordBoxRect(_ word: LaidOutWord, layout: TextLayout) -> LayoutRect {
        guard let ink = word.inkBox else { return word.box }
        return word.box.union(ink)
    }
}
