import CaptionLayout
import CaptionModel
import CaptionStyles

/// The page's words at one karaoke state, one event per word at the layout's origin
/// (`\an7\pos(x, top)`): per word beats per line, whose advances drift from the native ones across a
/// line (measured on whisperx.json at 540x960, plain, 0.35 s: per line 17.6 dB, per word 24.8 dB
/// PSNR). Each word shows what the native painter draws of it:
/// - nothing while its opacity is 0 (pop-in's upcoming words) or while it is drawn by its own
///   scaled event (`hidden`);
/// - its first `visibleCharacters` characters (typewriter); the prefix is shaped alone, which
///   places its glyphs as in the whole word (only kerning with the next, hidden, glyph is lost, and
///   that moves nothing before it);
/// - its colour; a karaoke sweep as two clipped copies (`SweepEvents`);
/// - its stroke by an underlay event (the stroke with the inside filled, below every word's fill) and
///   its fill by an event without border (see `hasStroke`).
/// Shadows are the same words on a lower layer with fill and outline transparent, so `\blur` softens
/// only the shadow, as the native painter does.
struct LineEvents {
    let style: CaptionStyle
    let layout: TextLayout
    let appearances: [WordAppearance]
    let hidden: Set<Int>
    /// The words' times (for the sweep's animation), one per laid-out word where known.
    let timed: [TimedWord]
    /// The cut's start (the state `appearances` describe) and its event's start as libass sees it
    /// (the centisecond start, in ms): `\t` times are relative to the latter.
    let at: Milliseconds
    let eventStart: Milliseconds
    let eventEnd: Milliseconds
    let frameWidth: Int
    let frameHeight: Int
    /// The page's underline and strikeout bars (`DecorationBars`), each drawn as a `\p1` rectangle on
    /// its word's layers, after the word.
    var bars: [DecorationBar] = []

    var k: Double { layout.scale }

    /// One thing drawn in a word's look: the word itself, or one of its underline and strikeout bars.
    struct Drawn {
        var word: Int
        /// `\an7` with `\pos` or `\move`.
        var position: String
        var text: String
        /// What `text` covers when it is not the word's glyphs (a bar), for the sweep's split.
        var ink: LayoutRect? = nil
    }

    /// Layer, text and the word drawn: the words' shadows, stroke underlays and fills.
    func events() -> [(layer: Int, text: String, word: Int?)] { layers(of: drawn()) }

    /// The same for the words' bars, which the compiler writes after every event of their words.
    func barEvents() -> [(layer: Int, text: String, word: Int?)] { layers(of: drawnBars()) }

    func layers(of items: [Drawn]) -> [(layer: Int, text: String, word: Int?)] {
        shadows(items) + underlays(items) + items.flatMap(fill)
    }

    /// The words drawn at this state and the text each shows.
    func drawn() -> [Drawn] {
        layout.words.indices.compactMap { i in
            guard !hidden.contains(i), i < appearances.count, appearances[i].opacity > 0 else { return nil }
            let visible = appearances[i].visibleCharacters
            if let visible, visible <= 0 { return nil }
            return Drawn(word: i, position: position(i), text: FallbackFontRuns(layout: layout, style: style).text(word: i, characters: visible))
        }
    }

    /// The bars drawn at this state: a word's bars while the word is shown whole (at rest, even while
    /// its glyphs scale in their own events; the native painter draws them so too).
    func drawnBars() -> [Drawn] {
        bars.compactMap { bar in
            let i = bar.word
            guard i < appearances.count, appearances[i].opacity > 0, appearances[i].visibleCharacters == nil else { return nil }
            return Drawn(word: i, position: position(bar),
                         text: "{\\p1}" + RoundedBoxDrawing.path(width: bar.width, height: bar.height, radius: 0) + "{\\p0}",
                         ink: LayoutRect(x: bar.x, y: bar.y, width: bar.width, height: bar.height))
        }
    }

    /// A bar's top left for `\an7`, moving with its word as `position` moves the word.
    func position(_ bar: DecorationBar) -> String {
        let n = ASSSyntax.number
        let i = bar.word
        if i < appearances.count, let rise = appearances[i].rise {
            let (y1, y2) = WordTop.tops(of: i, in: layout, rise: rise)
            let top = ASSNumber.read(WordTop.top(of: i, in: layout))
            return "\\an7\\move(\(n(bar.x)),\(n(bar.y + y1 - top)),\(n(bar.x)),\(n(bar.y + y2 - top)),\(rise.from - eventStart),\(rise.to - eventStart))"
        }
        return "\\an7\\pos(\(n(bar.x)),\(n(bar.y)))"
    }

    /// The fill in its word's look (colour, sweep, fade).
    func fill(_ item: Drawn) -> [(layer: Int, text: String, word: Int?)] {
        let i = item.word, a = appearances[i]
        let tags = item.position + "\\shad0\\blur0" + (Self.hasStroke(style, scale: k) ? "\\bord0" : "")
        let sweep = SweepEvents(layout: layout, frameWidth: frameWidth, frameHeight: frameHeight)
        let timing = i < timed.count ? timed[i] : nil
        if let copies = sweep.texts(word: i, appearance: a, timed: timing, at: at, eventStart: eventStart, eventEnd: eventEnd,
                                    tags: tags, text: item.text, ink: item.ink) {
            return copies.map { (ASSLayer.text, $0, i) }
        }
        return [(ASSLayer.text, "{" + tags + colorTags(a.color) + fadeTags(i, [("1a", a.color)]) + "}" + item.text, i)]
    }

    /// Each stroked item's stroke, filled inside, in the stroke colour.
    func underlays(_ items: [Drawn]) -> [(layer: Int, text: String, word: Int?)] {
        guard Self.hasStroke(style, scale: k) else { return [] }
        let stroke = style.strokeColor
        return items.map {
            (ASSLayer.underlay, "{\($0.position)\(Self.underlayTags(style))\(fadeTags($0.word, [("1a", stroke), ("3a", stroke)]))}" + $0.text, $0.word)
        }
    }

    func shadows(_ items: [Drawn]) -> [(layer: Int, text: String, word: Int?)] {
        guard style.shadow.opacity > 0, style.shadow.color.alpha > 0 else { return [] }
        let tags = Self.shadowTags(style, scale: k)
        let shadow = ASSHeader.shadowColor(style)
        return items.map { (ASSLayer.shadow, "{\($0.position)\(tags)\(fadeTags($0.word, [("4a", shadow)]))}" + $0.text, $0.word) }
    }

    /// Whether words have a stroke to draw. Every stroked word's stroke is drawn by an underlay, below
    /// every word's fill, and the word above it has no border: the native painter
    /// paints all strokes before all fills, so where a stroke reaches another word's fill (a descender
    /// over the next line's stroke, tight spacing) the fill stays on top. A word's own border and fill
    /// in one event would let a later word's border cover an earlier word's fill (measured with line
    /// spacing 0.85 and a 12 px stroke: FAIL at 28.8 dB). The underlay also keeps a translucent fill
    /// over its stroke (three-state), where libass would cut the fill out of the border.
    /// An underlay's look: no shadow, the fill in the stroke colour (the style row gives the border).
    static func underlayTags(_ style: CaptionStyle) -> String {
        let c = style.strokeColor
        return "\\shad0\\blur0\\1c\(ASSSyntax.tagColor(c))\\1a\(ASSSyntax.transparency(c.alpha))"
    }

    static func hasStroke(_ style: CaptionStyle, scale k: Double) -> Bool {
        style.strokeWidth * k > 0 && style.strokeColor.alpha > 0
    }

    /// Fill colour and transparency, when not the style row's.
    func colorTags(_ c: RGBAColor) -> String {
        c == style.textColor ? "" : "\\1c\(ASSSyntax.tagColor(c))\\1a\(ASSSyntax.transparency(c.alpha))"
    }

    /// Fill and outline transparent, the shadow offset and blurred (the native shadow blur radius is
    /// libass's `\blur` radius: see `AlphaMask.gaussianSigma`).
    static func shadowTags(_ style: CaptionStyle, scale k: Double) -> String {
        let n = ASSSyntax.number
        let s = style.shadow
        // libass wants a non-zero shadow depth to draw a shadow; \xshad/\yshad give it per axis.
        let depth = "\\xshad\(n(s.offsetX * k))\\yshad\(n(s.offsetY * k))\\blur\(n(s.blur * k))"
        guard style.strokeWidth * k > 0 else {
            // Without a border libass casts a shadow only from a fill that is not fully transparent
            // (FILTER_FILL_IN_SHADOW in ass_render.c): the fill is the shadow colour at 1/255, too faint
            // to change a pixel by more than one level.
            return "\\bord0\\1c\(ASSSyntax.tagColor(style.shadow.color))\\1a&HFE&\\3a&HFF&" + depth
        }
        return "\\1a&HFF&\\3a&HFF&" + depth
    }

    /// The word's top left for `\an7` (`WordTop`), or its `\move` along the piece of a bounce or slide
    /// the event shows.
    func position(_ i: Int) -> String {
        let x = ASSSyntax.number(layout.words[i].box.x)
        if i < appearances.count, let rise = appearances[i].rise {
            let (y1, y2) = WordTop.tops(of: i, in: layout, rise: rise)
            let n = ASSSyntax.number
            return "\\an7\\move(\(x),\(n(y1)),\(x),\(n(y2)),\(rise.from - eventStart),\(rise.to - eventStart))"
        }
        return "\\an7\\pos(\(x),\(ASSSyntax.number(WordTop.top(of: i, in: layout))))"
    }

    /// A fade-in: the given transparency tags start invisible and reach the colours' own over the
    /// fade (`LibassFade`: `\t` animates the transparency linearly, truncating).
    func fadeTags(_ i: Int, _ targets: [(tag: String, color: RGBAColor)]) -> String {
        guard i < appearances.count, let fade = appearances[i].fade else { return "" }
        let start = targets.map { "\\\($0.tag)&HFF&" }.joined()
        let end = targets.map { "\\\($0.tag)\(ASSSyntax.transparency($0.color.alpha))" }.joined()
        return start + "\\t(\(fade.from - eventStart),\(fade.to - eventStart),\(end))"
    }
}
