import CaptionLayout
import CaptionModel
import CaptionStyles

/// Draws a `CaptionScene`: boxes, the spoken word's box, shadow, stroke and fill, in that order.
struct CaptionPainter {
    let style: CaptionStyle
    let rasterizer: GlyphRasterizer
    /// Blurred shadows by what they were made from: a page whose glyphs do not move is blurred once.
    var shadows: ShadowCache? = nil

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
        var wordIndex: Int
        /// What the masks were drawn from (glyph, quantised position, scale), for the shadow cache.
        var signature: GlyphSignature
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
            let signature = GlyphSignature(face: ObjectIdentifier(glyph.face), glyph: glyph.glyphID,
                                           x: Int((glyph.x * 8).rounded()), y: Int(((glyph.y + dy) * 8).rounded()),
                                           scale: Int((appearance.scale * 256).rounded()))
            layers.append(GlyphLayer(masks: masks, wordIndex: glyph.wordIndex, signature: signature, color: appearance.color, opacity: appearance.opacity,
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

    /// The shadow: each word's glyphs blurred on their own (and cached), combined by maximum, drawn
    /// once. A word that scales or pops only re-blurs itself; the rest of the page's shadow is reused.
    /// (libass blurs its bitmap runs separately too; where two words' blurs meet, the maximum is used.)
    func paintShadow(_ glyphs: [GlyphLayer], scale k: Double, opacity: Double, onto image: inout RGBAImage) {
        let shadow = style.shadow
        let dx = Int((shadow.offsetX * k).rounded()), dy = Int((shadow.offsetY * k).rounded())
        var wordMasks: [AlphaMask] = []
        var start = 0
        while start < glyphs.count {
            var end = start + 1
            while end < glyphs.count, glyphs[end].wordIndex == glyphs[start].wordIndex { end += 1 }
            let word = glyphs[start..<end].filter { $0.opacity > 0 }
            start = end
            guard !word.isEmpty else { continue }
            let make = {
                var mask = AlphaMask.union(word.map { $0.masks.stroke ?? $0.masks.fill }).translated(dx: dx, dy: dy)
                if shadow.blur > 0 { mask = mask.blurred(radius: shadow.blur, scale: k) }
                return mask
            }
            // The style is fixed per painter, so the glyphs alone say which shadow this is.
            wordMasks.append(shadows?.mask(for: word.map(\.signature), orMake: make) ?? make())
        }
        guard !wordMasks.isEmpty else { return }
        let mask = wordMasks.count == 1 ? wordMasks[0] : AlphaMask.union(wordMasks)
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
