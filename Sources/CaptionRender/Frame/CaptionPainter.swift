import CaptionLayout
import CaptionModel
import CaptionStyles

/// Draws a `CaptionScene`: boxes, the spoken word's box, shadow, stroke and fill, in that order.
struct CaptionPainter {
    let style: CaptionStyle
    let rasterizer: GlyphRasterizer
    /// Masks that frames share (shadows, boxes, words' summed glyphs): a page whose glyphs do not move
    /// is blurred and summed once.
    var cache: FrameMaskCache? = nil
    /// The style's lengths at the layout's scale; worked out here when not given.
    var lengths: PrintedLengths? = nil
    /// Emoji are drawn in colour from this font when given (`ColorEmojiLayer`).
    var colorEmoji: ColorEmojiFont? = nil
    /// Told the rectangle of everything blended, when given.
    var ink: InkArea? = nil

    /// Every mask the painter draws goes through here, so that `ink` sees it.
    private func blend(onto image: inout RGBAImage, _ mask: AlphaMask, color: RGBAColor) {
        ink?.add(PixelRect(x: mask.x, y: mask.y, width: mask.width, height: mask.height))
        image.blend(mask, color: color)
    }

    private func blend(_ colorImage: RGBAImage, x: Int, y: Int, opacity: Int, onto image: inout RGBAImage) {
        ink?.add(PixelRect(x: x, y: y, width: colorImage.width, height: colorImage.height))
        image.blend(colorImage: colorImage, x: x, y: y, opacity: opacity)
    }

    /// What a scene is painted from, worked out before anything is drawn, so that the pages on screen
    /// together can be painted a layer at a time (`Phase`).
    struct Prepared {
        let scene: CaptionScene
        let fade: Int
        let glyphs: [GlyphLayer]
        /// The glyphs combined by run (`combinedByRun`).
        let runs: [GlyphLayer]
    }

    /// The layers of a page, bottom to top, as the compiled ASS numbers them (`ASSLayer`). libass
    /// draws every event of a lower layer before any of a higher one, in the file's order within a
    /// layer, so pages on screen together are painted a phase at a time across all of them: where a
    /// word rises into the page above (`bounce`), its fill covers that page's stroke, as in libass.
    enum Phase: CaseIterable { case lineBoxes, wordBoxes, shadows, underlays, fills }

    /// nil when the page is faded out entirely.
    func prepare(_ scene: CaptionScene) -> Prepared? {
        // Every colour goes through libass's fade arithmetic (`LibassFade`), page and word alike.
        let fade = scene.motion.fade
        guard fade < 255 else { return nil }
        let glyphs = glyphMasks(scene, dy: scene.motion.offsetY * scene.layout.scale)
        // Each run's glyphs are combined first and blended once, as libass blends one bitmap per run.
        return Prepared(scene: scene, fade: fade, glyphs: glyphs, runs: combinedByRun(glyphs))
    }

    func paint(_ scene: CaptionScene, onto image: inout RGBAImage) {
        guard let prepared = prepare(scene) else { return }
        for phase in Phase.allCases { paint(prepared, phase, onto: &image) }
    }

    func paint(_ prepared: Prepared, _ phase: Phase, onto image: inout RGBAImage) {
        let scene = prepared.scene, layout = prepared.scene.layout, fade = prepared.fade
        let k = layout.scale
        let dy = scene.motion.offsetY * k
        switch phase {
        case .lineBoxes:
            if let box = style.box { paintBoxes(box, layout: layout, dy: dy, fade: fade, onto: &image) }
        case .wordBoxes:
            for (index, word) in layout.words.enumerated() where scene.appearances[index].opacity > 0 {
                guard let wordBox = scene.appearances[index].box else { continue }
                let rect = wordBoxRect(word, layout: layout)
                let mask = roundedRectangle(x: rect.x - wordBox.paddingX * k, y: rect.y + dy - wordBox.paddingY * k,
                                            width: rect.width + 2 * wordBox.paddingX * k,
                                            height: rect.height + 2 * wordBox.paddingY * k,
                                            cornerRadius: wordBox.cornerRadius * k)
                blend(onto: &image, mask, color: LibassFade.apply(wordBox.color, page: fade, wordProgress: scene.appearances[index].fade?.progress))
            }
        case .shadows:
            if style.shadow.opacity > 0 { paintShadow(prepared.glyphs, lengths: printedLengths(scale: k), fade: fade, onto: &image) }
        case .underlays:
            paintUnderlays(prepared.runs, fade: fade, onto: &image)
        case .fills:
            for run in prepared.runs where run.opacity > 0 {
                paintFill(run, fade: fade, onto: &image)
                let opacity = Int(LibassFade.apply(.white, page: fade, wordProgress: run.fadeProgress).alpha)
                for emoji in run.colorEmojis { blend(emoji.image, x: emoji.x, y: emoji.y, opacity: opacity, onto: &image) }
            }
        }
    }

    /// Each word's stroke underlay, as libass draws the word's underlay event (`render_text`): the
    /// borders of all its runs, then (when cut) all their fills, so where two runs of a word overlap
    /// the second's border does not cover the first's fill.
    func paintUnderlays(_ runs: [GlyphLayer], fade: Int, onto image: inout RGBAImage) {
        var start = 0
        while start < runs.count {
            // A word's bars are the bars' own events in the compiled ASS: an underlay of their own.
            let end = runs[start...].firstIndex { $0.wordIndex != runs[start].wordIndex || $0.isBar != runs[start].isBar } ?? runs.count
            let word = runs[start..<end].filter { $0.opacity > 0 && $0.masks.stroke != nil }
            start = end
            guard let first = word.first else { continue }
            let color = LibassFade.apply(style.strokeColor, page: fade, wordProgress: first.fadeProgress)
            let cut = underlayIsCut(fade: fade, wordProgress: first.fadeProgress)
            for run in word {
                guard let stroke = run.masks.stroke else { continue }
                blend(onto: &image, cut ? stroke.removingFill(run.masks.fill) : stroke, color: color)
            }
            if cut { for run in word { blend(onto: &image, run.masks.fill, color: color) } }
        }
    }

    /// Whether libass draws a word's stroke underlay (its border, and its fill in the stroke colour) as
    /// two bitmaps with the fill cut out of the border (`ass_fix_outline`) rather than the border
    /// alone covering the glyph: it does unless the fill and secondary colours are opaque before any
    /// fade and no `\fade` applies (`FILTER_FILL_IN_BORDER` in `ass_render.c`). While a page or a word
    /// fades, the two bitmaps' anti-aliased edges add up differently, so the painter draws them so too.
    func underlayIsCut(fade: Int, wordProgress: Double?) -> Bool {
        let fill = LibassFade.apply(style.strokeColor, page: 0, wordProgress: wordProgress)
        return fade != 0 || fill.alpha != 255 || style.highlightColor.alpha != 255
    }

    /// Consecutive glyph layers of one run (a word, or its part after a simple-shaper filler) merged
    /// into one layer whose fill and stroke are the glyphs' masks added up (saturating), as libass's
    /// `add_bitmaps` combines a run's glyphs: where two glyphs' anti-aliased borders meet in one pixel
    /// their coverages add, where blending them one over the other would leave a faint seam.
    /// Everything else a layer carries is per word.
    func combinedByRun(_ glyphs: [GlyphLayer]) -> [GlyphLayer] {
        var words: [GlyphLayer] = []
        var start = 0
        while start < glyphs.count {
            var end = start + 1
            while end < glyphs.count, glyphs[end].run == glyphs[start].run { end += 1 }
            var word = glyphs[start]
            let run = glyphs[start..<end]
            // Trimmed once summed: glyph masks keep libass's tile-aligned extents for the shadow's
            // blur, which would otherwise be blended pixel by pixel as zeros.
            // Colour emoji are painted as images; their alpha still strokes and casts the shadow.
            word.colorEmojis = run.compactMap(\.colorEmoji)
            let make = {
                let strokes = run.compactMap(\.masks.stroke)
                return GlyphMasks(fill: AlphaMask.saturatingSum(run.filter { $0.colorEmoji == nil }.map(\.masks.fill)).trimmed(),
                                  stroke: strokes.isEmpty ? nil : AlphaMask.saturatingSum(strokes).trimmed())
            }
            // A word's sum only changes when one of its glyphs moves or scales: cached like shadows.
            word.masks = cache?.combined(run.map(\.signature), orMake: make) ?? make()
            words.append(word)
            start = end
        }
        return words
    }

    /// A glyph's masks and how to paint them.
    struct GlyphLayer {
        var masks: GlyphMasks
        var wordIndex: Int
        /// The libass run the glyph belongs to (a word, or part of one after a simple-shaper filler,
        /// `SimpleShaperFillers`): runs are combined, blurred and blended one by one.
        var run: Int
        /// What the masks were drawn from (glyph, quantised position, scale), for the shadow cache.
        var signature: GlyphSignature
        var color: RGBAColor
        /// 0 for a word not drawn (pop-in before it is spoken), else 1.
        var opacity: Double
        /// A fade-in's progress (`WordFade`); nil when the word is not fading.
        var fadeProgress: Double?
        /// Karaoke fill: pixels left of `sweepX` take `sweepColor` (right of it for right-to-left words).
        var sweepX: Int?
        var sweepColor: RGBAColor?
        var rightToLeft: Bool
        /// A colour emoji drawn in place of this glyph's outline (its masks are the image's alpha).
        var colorEmoji: ColorEmojiLayer? = nil
        /// A word's colour emoji, once its glyphs are combined.
        var colorEmojis: [ColorEmojiLayer] = []
        /// An underline or strikeout bar (`withBars`): drawn by an event of its own in the compiled ASS.
        var isBar = false
    }

    /// The given lengths, or the style's at `scale` (tests paint without a renderer).
    func printedLengths(scale: Double) -> PrintedLengths { lengths ?? PrintedLengths(style: style, scale: scale) }

    func glyphMasks(_ scene: CaptionScene, dy: Double) -> [GlyphLayer] {
        let layout = scene.layout
        let strokeWidth = printedLengths(scale: layout.scale).strokeWidth
        var layers: [GlyphLayer] = []
        layers.reserveCapacity(layout.glyphs.count)
        // Each word is one run in libass's terms (the compiled ASS gives every word its own event):
        // its glyphs go on the 1/8 px grid together (`LibassSubpixelRun`), at rest and when scaled.
        // A word at rest breaks into more runs where the compiled ASS writes a simple-shaper filler.
        // Under the simple shaper a run is what libass makes of one event per line: consecutive
        // words of one look (`StyleRun`), and no fillers (the layout is the simple shaper's own).
        var runWord = -1, runIndex = -1
        var run = LibassSubpixelRun()
        var styleRun: StyleRun?
        // Under the simple shaper a word's underline and strikeout are part of its glyphs' outlines,
        // and of the space after it when the line runs on (`GlyphDecorations`), as libass draws `\u1`.
        let simple = scene.shaping == .simple
        let barsOfWord = simple ? Dictionary(grouping: scene.bars, by: \.word) : [:]
        var decorations: GlyphDecorations = []
        var fillers = SimpleShaperFillers.none
        var scaledPens: [Int: (x: Double, y: Double)] = [:]
        var sweepX: Int?
        var riseY = 0.0
        // Emoji the colour font draws: by the cluster's first glyph; the cluster's other glyphs are not drawn.
        var emojiClusters: [Int: (character: Character, glyphs: Range<Int>)] = [:], emojiGlyphs = Set<Int>()
        if let colorEmoji {
            for cluster in ColorEmojiLayer.clusters(in: layout, font: colorEmoji) {
                emojiClusters[cluster.glyphs.lowerBound] = cluster
                emojiGlyphs.formUnion(cluster.glyphs)
            }
        }
        for (g, glyph) in layout.glyphs.enumerated() where glyph.inkBox != nil || emojiClusters[g] != nil {
            let word = layout.words[glyph.wordIndex]
            let appearance = scene.appearances[glyph.wordIndex]
            if let visible = appearance.visibleCharacters, glyph.characterIndex - word.characterRange.lowerBound >= visible { continue }
            // The word's centre: a scaled word grows in place about it and its neighbours never move.
            let centreX = word.box.x + word.box.width / 2
            let centreY = WordTop.centreY(of: glyph.wordIndex, in: layout) + dy
            // In steps of 1/80, as the compiled ASS steps (`DrawnScale`).
            let scale = DrawnScale.of(appearance)
            if glyph.wordIndex != runWord {
                decorations = GlyphDecorations((barsOfWord[glyph.wordIndex] ?? []).map(\.kind))
                let look = simple ? StyleRun(glyph.wordIndex, in: scene, decorations: decorations) : nil
                if look == nil || look != styleRun {
                    run = LibassSubpixelRun()
                    runIndex += 1
                }
                (runWord, styleRun) = (glyph.wordIndex, look)
                scaledPens = [:]
                fillers = simple ? .none
                    : SimpleShaperFillers.plan(word: glyph.wordIndex, in: layout, strokeWidth: strokeWidth, style: style, rasterizer: rasterizer)
                sweepX = SweepColumn.x(word: glyph.wordIndex, in: layout, appearance: appearance)
                // A bouncing or sliding word is drawn where libass's `\move` puts it.
                riseY = appearance.rise.map { WordTop.offset(of: glyph.wordIndex, in: layout, rise: $0) } ?? 0
                if scale != 1 || appearance.drawnAlone {
                    // Laid out again at the scaled size, as libass lays out the word's own event, its
                    // fillers shifted for that scale.
                    let pens = ScaledWordFillers.plan(fillers, glyphs: Array(layout.glyphs[word.glyphRange]),
                                                      firstCharacter: word.characterRange.lowerBound, size: glyph.fontSize, scale: scale,
                                                      centreX: centreX, centreY: centreY, strokeWidth: strokeWidth, rasterizer: rasterizer).pens
                    for (i, pen) in zip(word.glyphRange, pens) { scaledPens[i] = pen }
                }
            } else if fillers.runStarts.contains(g) {
                run = LibassSubpixelRun()
                runIndex += 1
            }
            if emojiGlyphs.contains(g) {
                guard let colorEmoji, let cluster = emojiClusters[g] else { continue }
                let pen = scaledPens[g]
                let key = ColorEmojiCache.Key(font: ObjectIdentifier(colorEmoji), cluster: String(cluster.character),
                                              face: ObjectIdentifier(glyph.face), x: glyph.x, y: glyph.y, size: glyph.fontSize,
                                              advance: layout.glyphs[cluster.glyphs].reduce(0) { $0 + $1.advance },
                                              dy: dy + riseY, scale: scale, penX: pen?.x, penY: pen?.y, strokeWidth: strokeWidth)
                guard let (emoji, stroke) = ColorEmojiCache.shared.layer(key, orMake: {
                    ColorEmojiLayer.draw(cluster, layout: layout, font: colorEmoji, dy: dy + riseY, scale: scale, at: pen)
                        .map { ($0, strokeWidth > 0 ? $0.alpha.dilated(radius: strokeWidth) : nil) }
                }) else { continue }
                let signature = GlyphSignature(face: ObjectIdentifier(colorEmoji), glyph: glyph.glyphID, x: emoji.x * 8, y: emoji.y * 8,
                                               borderX: emoji.x * 8, borderY: emoji.y * 8, scale: 256)
                layers.append(GlyphLayer(masks: GlyphMasks(fill: emoji.alpha, stroke: stroke), wordIndex: glyph.wordIndex, run: runIndex,
                                         signature: signature,
                                         color: appearance.color, opacity: appearance.opacity, fadeProgress: appearance.fade?.progress,
                                         sweepX: nil, sweepColor: nil, rightToLeft: false, colorEmoji: emoji))
                continue
            }
            // One glyph on the run's grid, its masks and layer.
            func draw(_ glyphID: UInt32, face: FontFace, pen: (x: Double, y: Double), decorations: GlyphDecorations) {
                let size = glyph.fontSize * scale
                let exact = rasterizer.exactCentres(glyph: glyphID, face: face, size: size, penX: pen.x, penY: pen.y,
                                                    strokeWidth: strokeWidth, decorations: decorations)
                let placed = run.place(x: exact.fill.x, y: exact.fill.y)
                let border = exact.border.map { run.place(x: $0.x, y: $0.y) }
                let masks = rasterizer.masks(glyph: glyphID, face: face, size: size, centreX8: placed.x, centreY8: placed.y,
                                             border8: border, strokeWidth: strokeWidth, decorations: decorations)
                let signature = GlyphSignature(face: ObjectIdentifier(face), glyph: glyphID,
                                               x: placed.x, y: placed.y, borderX: border?.x ?? placed.x, borderY: border?.y ?? placed.y,
                                               scale: Int((scale * 256).rounded()), decorations: decorations)
                layers.append(GlyphLayer(masks: masks, wordIndex: glyph.wordIndex, run: runIndex, signature: signature,
                                         color: appearance.color, opacity: appearance.opacity, fadeProgress: appearance.fade?.progress,
                                         sweepX: sweepX, sweepColor: appearance.sweepColor,
                                         rightToLeft: word.direction == .rightToLeft))
            }
            let pen = scaledPens[g] ?? (glyph.x + Double(fillers.shifts[g] ?? 0) / 64, glyph.y + dy + riseY)
            draw(glyph.glyphID, face: glyph.face, pen: pen, decorations: decorations)
            // After the word's last glyph, in its run, the space to the next word where its line runs on.
            if g == word.glyphRange.upperBound - 1, let bars = barsOfWord[glyph.wordIndex], Self.drawnWhole(appearance) {
                let on = GlyphDecorations(bars.filter { $0.x + $0.width > word.box.maxX }.map(\.kind))
                if !on.isEmpty { draw(glyph.face.glyphIndex(for: " "), face: glyph.face, pen: (word.box.maxX, pen.y), decorations: on) }
            }
        }
        return scene.bars.isEmpty || simple ? layers : withBars(layers, scene, dy: dy, strokeWidth: strokeWidth)
    }

    /// Whether a word is drawn whole: a word not shown, or a typewriter word shown in part, has no
    /// underline or strikeout yet.
    static func drawnWhole(_ appearance: WordAppearance) -> Bool { appearance.opacity > 0 && appearance.visibleCharacters == nil }

    /// What starts a new run where libass draws a whole line as one event (`split_style_runs` in
    /// ass_render.c: a run ends where the font, size, colours, border, shadow, decoration or
    /// transform change, and at each line's start): the word's line, face, size, decorations and
    /// its whole appearance, which carries every colour and effect a look gives it. A word drawn
    /// alone (scaled, pop-in) is never part of a longer run: it has its own event, as libass draws it.
    struct StyleRun: Equatable {
        var line: Int
        var face: ObjectIdentifier
        var size: Double
        var appearance: WordAppearance
        var decorations: GlyphDecorations

        /// Nil for a word drawn alone. `decorations`: the word's underline and strikeout.
        init?(_ word: Int, in scene: CaptionScene, decorations: GlyphDecorations) {
            let layout = scene.layout, appearance = scene.appearances[word]
            guard appearance.scale == 1, !appearance.drawnAlone, let glyph = layout.glyphs[layout.words[word].glyphRange].first else {
                return nil
            }
            (line, face, size, self.appearance) = (layout.words[word].lineIndex, ObjectIdentifier(glyph.face), glyph.fontSize, appearance)
            self.decorations = decorations
        }
    }

    /// The layers with each underline and strikeout bar (`DecorationBars`) after its word's glyphs, as a
    /// run of its own in the word's look: the compiled ASS draws each bar as its own drawing event
    /// after the word's, so it is stroked, shadowed and blended apart from the glyphs. A word shown in
    /// part (typewriter) gets its bars once whole; a scaling word's bars stay at rest, as the compiled
    /// ASS leaves them in the word's resting events.
    func withBars(_ layers: [GlyphLayer], _ scene: CaptionScene, dy: Double, strokeWidth: Double) -> [GlyphLayer] {
        let layout = scene.layout
        var out: [GlyphLayer] = []
        out.reserveCapacity(layers.count + scene.bars.count)
        var next = 0
        // Runs only increase along the layers: each bar takes a number after them all.
        var run = (layers.last?.run ?? 0) + 1
        for bar in scene.bars {   // in word order
            let i = bar.word
            while next < layers.count, layers[next].wordIndex <= i { out.append(layers[next]); next += 1 }
            let appearance = scene.appearances[i]
            guard Self.drawnWhole(appearance) else { continue }
            let y = bar.y + dy + (appearance.rise.map { WordTop.offset(of: i, in: layout, rise: $0) } ?? 0)
            let stroke = strokeWidth > 0 ? barMask(bar, y: y, strokeWidth: strokeWidth) : nil
            let signature = GlyphSignature(face: ObjectIdentifier(DecorationBar.self), glyph: 0,
                                           x: ASSNumber.d6(bar.x), y: ASSNumber.d6(y), borderX: ASSNumber.d6(bar.width),
                                           borderY: ASSNumber.d6(bar.height), scale: Int((strokeWidth * 64).rounded()))
            out.append(GlyphLayer(masks: GlyphMasks(fill: barMask(bar, y: y, strokeWidth: 0), stroke: stroke), wordIndex: i, run: run,
                                  signature: signature, color: appearance.color, opacity: appearance.opacity,
                                  fadeProgress: appearance.fade?.progress, sweepX: SweepColumn.x(word: i, in: layout, appearance: appearance),
                                  sweepColor: appearance.sweepColor, rightToLeft: layout.words[i].direction == .rightToLeft, isBar: true))
            run += 1
        }
        out += layers[next...]
        return out
    }

    /// A bar's fill (`strokeWidth` 0) or border as libass draws the compiled ASS's rectangle, at `y`;
    /// untrimmed, as glyph masks are, because the shadow's blur works on libass's bitmap extent. From
    /// the frame cache when drawn before (every frame of a page draws the same bars).
    func barMask(_ bar: DecorationBar, y: Double, strokeWidth: Double) -> AlphaMask {
        let make = {
            strokeWidth > 0
                ? RoundedBoxPath.borderMask(x: bar.x, y: y, width: bar.width, height: bar.height, radius: 0, strokeWidth: strokeWidth, trimmed: false)
                : RoundedBoxPath.mask(x: bar.x, y: y, width: bar.width, height: bar.height, radius: 0, trimmed: false)
        }
        guard let cache else { return make() }
        return cache.box(BoxKey(x: bar.x, y: y, width: bar.width, height: bar.height, radius: 0, strokeWidth: strokeWidth, untrimmed: true),
                         orMake: make)
    }

    func paintFill(_ glyph: GlyphLayer, fade: Int, onto image: inout RGBAImage) {
        let fill = glyph.masks.fill
        let color = LibassFade.apply(glyph.color, page: fade, wordProgress: glyph.fadeProgress)
        guard let split = glyph.sweepX, let sweepColor = glyph.sweepColor.map({ LibassFade.apply($0, page: fade, wordProgress: glyph.fadeProgress) }),
              !fill.isEmpty else {
            blend(onto: &image, fill, color: color)
            return
        }
        let frame = fill.frame
        let left = PixelRect(x: frame.x, y: frame.y, width: max(0, min(split, frame.maxX) - frame.x), height: frame.height)
        let right = PixelRect(x: max(split, frame.x), y: frame.y, width: max(0, frame.maxX - max(split, frame.x)), height: frame.height)
        let (swept, unswept) = glyph.rightToLeft ? (right, left) : (left, right)
        if swept.width > 0 { blend(onto: &image, fill.cropped(to: swept), color: sweepColor) }
        if unswept.width > 0 { blend(onto: &image, fill.cropped(to: unswept), color: color) }
    }

    /// The shadow: each word's glyphs blurred on their own (cached by the glyphs drawn, so a word at rest
    /// or holding its scale blurs once) and blended one word after the other, as libass blends each
    /// word's shadow event: where two words' shadows overlap (neighbours, or two lines) they darken each
    /// other. (Taking their maximum instead measured 9 against libass's 16 between two lines.) A word
    /// that scales casts the blurred shadow of its scaled glyphs, as libass does for its own event.
    func paintShadow(_ glyphs: [GlyphLayer], lengths: PrintedLengths, fade: Int, onto image: inout RGBAImage) {
        let shadow = style.shadow
        // The shadow's opacity folded into its colour, as the ASS style row carries it.
        let color = shadow.drawnColor
        // libass's offsets: rounded to a step set by the blur, whole pixels then 64ths (LibassShadow).
        let blur = lengths.shadowBlur
        let ox = LibassShadow.offset64(lengths.shadowOffsetX, blur: blur)
        let oy = LibassShadow.offset64(lengths.shadowOffsetY, blur: blur)
        let (dx, dy, fx, fy) = (ox >> 6, oy >> 6, ox & 63, oy & 63)
        var start = 0
        while start < glyphs.count {
            var end = start + 1
            while end < glyphs.count, glyphs[end].run == glyphs[start].run { end += 1 }
            let word = glyphs[start..<end].filter { $0.opacity > 0 }
            start = end
            guard !word.isEmpty else { continue }
            let mask = blurredShadow(word.map(\.masks), signatures: word.map(\.signature), dx: dx, dy: dy, fx: fx, fy: fy, blur: blur)
            blend(onto: &image, mask, color: LibassFade.apply(color, page: fade, wordProgress: word[0].fadeProgress))
        }
    }

    /// Glyph masks united, blurred and offset as the style's shadow; cached by the glyphs' signatures.
    /// With a stroke, the shadow is libass's: the blurred border with the (unblurred) fill cut out of it
    /// (`ass_fix_outline`, which libass applies to the border of an event whose fill is transparent,
    /// as the compiled shadow events' is, before copying it into the shadow), then moved. The cut is
    /// mostly hidden under the stroke; it shows, by a level or two, where the moved hole reaches the
    /// stroke's anti-aliased edge.
    /// `blur`: the `\blur` radius at frame scale (`PrintedLengths.shadowBlur`).
    func blurredShadow(_ masks: [GlyphMasks], signatures: [GlyphSignature], dx: Int, dy: Int, fx: Int, fy: Int, blur: Double) -> AlphaMask {
        let make = {
            var mask = AlphaMask.saturatingSum(masks.map { $0.stroke ?? $0.fill })
            if blur > 0 { mask = mask.blurred(radius: blur) }
            if masks.contains(where: { $0.stroke != nil }) { mask = mask.removingFill(AlphaMask.saturatingSum(masks.map(\.fill))) }
            return mask.translated(dx: dx, dy: dy).shiftedSubpixel(x64: fx, y64: fy).trimmed()
        }
        return cache?.mask(for: signatures, orMake: make) ?? make()
    }

    func paintBoxes(_ box: CaptionStyle.Box, layout: TextLayout, dy: Double, fade: Int, onto image: inout RGBAImage) {
        let k = layout.scale
        let rects: [LayoutRect] = box.scope == .page ? [layout.bounds] : layout.lines.map(\.box)
        for rect in rects where rect.width > 0 {
            let mask = roundedRectangle(x: rect.x - box.paddingX * k, y: rect.y + dy - box.paddingY * k,
                                        width: rect.width + 2 * box.paddingX * k, height: rect.height + 2 * box.paddingY * k,
                                        cornerRadius: box.cornerRadius * k)
            blend(onto: &image, mask, color: LibassFade.apply(box.color, page: fade))
        }
    }

    /// Box masks come from the cache when the same box was drawn before (every frame of a page draws
    /// the same boxes).
    func roundedRectangle(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) -> AlphaMask {
        let make = { RoundedBoxPath.mask(x: x, y: y, width: width, height: height, radius: cornerRadius) }
        guard let cache else { return make() }
        return cache.box(BoxKey(x: x, y: y, width: width, height: height, radius: cornerRadius), orMake: make)
    }

    /// The spoken word's box: its advance box from line top to bottom, widened to its ink if the ink
    /// reaches further.
    func wordBoxRect(_ word: LaidOutWord, layout: TextLayout) -> LayoutRect {
        guard let ink = word.inkBox else { return word.box }
        return word.box.union(ink)
    }
}

