import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation

/// The benchmark's libass workload: an ASS script equivalent in work to what the native renderer draws
/// for the same pages (the same visible words, strokes, shadows and boxes per frame), not pixel-identical.
/// The product's ASS writer comes later; this one only has to keep libass as busy as a real one would.
///
/// Each page becomes a run of events split where a word's state changes (`segments`), each event the
/// page's text with the native layout's line breaks as `\N`:
/// - highlight: the spoken word coloured with `\1c`;
/// - background: the same text, plus a rounded box drawn with `\p1` on a lower layer, at the spoken
///   word's box from the native layout;
/// - scale: the spoken word hidden (`\alpha&HFF&`) in the line, and drawn alone at its centre on a
///   higher layer with `\pos` and a `\t` scale transition (up to 1.2 while spoken, back to 1 after).
/// The karaoke state per segment comes from `CaptionFrameRenderer.scene`, so it is the native one.
struct ASSScript {
    let style: CaptionStyle
    let renderer: CaptionFrameRenderer
    var events: [String] = []

    init(style: CaptionStyle, renderer: CaptionFrameRenderer) {
        self.style = style
        self.renderer = renderer
    }

    /// The whole script for `pages`.
    static func make(pages: [CaptionEvent], style: CaptionStyle, renderer: CaptionFrameRenderer) throws -> String {
        var script = ASSScript(style: style, renderer: renderer)
        for page in pages { try script.add(page) }
        return script.header + script.events.joined(separator: "\n") + "\n"
    }

    var header: String {
        let s = style
        // Bold -1 (700); BorderStyle 1 (outline and shadow); shadow offsets and blur are set per event.
        let row = [
            "Default", s.fontFamily, fmt(s.fontSize), ass(s.textColor), ass(s.highlightColor), ass(s.strokeColor),
            ass(shadowColor), s.fontWeight >= 600 ? "-1" : "0", "0", "0", "0", "100", "100", "0", "0", "1",
            fmt(s.strokeWidth), "0", "\(s.anchor)", fmt(s.marginLeft), fmt(s.marginRight), fmt(marginV), "1",
        ].joined(separator: ",")
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: \(renderer.width)
            PlayResY: \(renderer.height)
            ScaledBorderAndShadow: yes
            WrapStyle: 2

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: \(row)

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
    }

    // MARK: Pages

    mutating func add(_ page: CaptionEvent) throws {
        let layout = try renderer.scene(page, at: page.start).layout
        let timed = WordTimeline.words(of: page)
        let mode = style.karaoke.mode
        // Every text event opens with the shadow and blur the style asks for (the native shadow blur
        // radius is libass's `\blur` radius: see `AlphaMask.gaussianSigma`).
        let common = "\\xshad\(fmt(style.shadow.offsetX))\\yshad\(fmt(style.shadow.offsetY))\\blur\(fmt(style.shadow.blur))"

        // Split the page where any word's state can change: starts, ends, and (scale) ends of the ease back.
        var cuts: Set<Int> = [page.start, page.end]
        for w in timed {
            cuts.formUnion([w.start, w.end])
            if mode == .scale { cuts.insert(w.end + ramp(w)) }
        }
        let bounds = cuts.filter { $0 >= page.start && $0 <= page.end }.sorted()

        // Segments as (events, from, to) in centiseconds; a segment whose events equal the previous
        // one's extends it instead.
        var segments: [(lines: [String], from: Int, to: Int)] = []
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let (from, to) = (centiseconds(a), centiseconds(b))
            guard from < to else { continue }
            let appearances = try renderer.scene(page, at: a).appearances
            var lines: [String] = []
            // Hidden: words being scaled (drawn by their own events below).
            let hidden = Set(timed.indices.filter { mode == .scale && timed[$0].start <= a && a < timed[$0].end + ramp(timed[$0]) })
            lines.append("1,{\(common)}" + text(layout, appearances: appearances, hidden: hidden))
            if let box = style.wordBox {
                for (i, word) in layout.words.enumerated() where i < appearances.count && appearances[i].boxed {
                    lines.append("0," + boxDrawing(word, box: box, scale: layout.scale))
                }
            }
            if let last = segments.last, last.lines == lines, last.to == from {
                segments[segments.count - 1].to = to
            } else {
                segments.append((lines, from, to))
            }
        }
        for segment in segments {
            events += segment.lines.map { dialogue($0, from: segment.from, to: segment.to) }
        }
        if mode == .scale { addScaledWords(page, layout: layout, timed: timed, common: common) }
    }

    /// The page's text: lines joined by `\N` as the native layout broke them, word spacing as `\fsp` on
    /// the spaces, per-word colour where the karaoke state differs from the text colour, hidden words transparent.
    func text(_ layout: TextLayout, appearances: [WordAppearance], hidden: Set<Int>) -> String {
        let space = style.wordSpacing == 0 ? " " : "{\\fsp\(fmt(style.wordSpacing))} {\\fsp0}"
        return layout.lines.map { line in
            line.wordRange.map { i -> String in
                let word = escape(layout.words[i].text)
                if hidden.contains(i) { return "{\\alpha&HFF&}" + word + "{" + restoredAlphas + "}" }
                guard i < appearances.count, appearances[i].color != style.textColor else { return word }
                return "{\\1c\(bgr(appearances[i].color))\\1a\(transparency(appearances[i].color.alpha))}" + word
                    + "{\\1c\(bgr(style.textColor))\\1a\(transparency(style.textColor.alpha))}"
            }.joined(separator: space)
        }.joined(separator: "\\N")
    }

    /// word-and-scale: each word alone at its box's centre, growing while spoken and easing back after,
    /// in the colour the native mode gives it (highlight while spoken, text colour after).
    mutating func addScaledWords(_ page: CaptionEvent, layout: TextLayout, timed: [TimedWord], common: String) {
        let big = fmt(style.karaoke.scale * 100)
        for (i, w) in timed.enumerated() where i < layout.words.count {
            let word = layout.words[i]
            let r = ramp(w)
            let pos = "\\an5\\pos(\(fmt(word.box.x + word.box.width / 2)),\(fmt(word.box.y + word.box.height / 2)))"
            let text = escape(word.text)
            let grow = "2,{\(common)\(pos)\\1c\(bgr(style.highlightColor))\\t(0,\(r),\\fscx\(big)\\fscy\(big))}" + text
            events.append(dialogue(grow, from: centiseconds(w.start), to: centiseconds(min(w.end, page.end))))
            guard r > 0, w.end < page.end else { continue }
            let shrink = "2,{\(common)\(pos)\\fscx\(big)\\fscy\(big)\\t(0,\(r),\\fscx100\\fscy100)}" + text
            events.append(dialogue(shrink, from: centiseconds(w.end), to: centiseconds(min(w.end + r, page.end))))
        }
    }

    /// background-by-word: a rounded rectangle around the word's box (advance box widened to its ink,
    /// padded), drawn with `\p1` relative to its top-left corner placed by `\an7\pos`.
    func boxDrawing(_ word: LaidOutWord, box: CaptionStyle.Box, scale k: Double) -> String {
        let rect = word.inkBox.map { word.box.union($0) } ?? word.box
        let x = rect.x - box.paddingX * k, y = rect.y - box.paddingY * k
        let w = rect.width + 2 * box.paddingX * k, h = rect.height + 2 * box.paddingY * k
        let r = min(box.cornerRadius * k, w / 2, h / 2), c = r * 0.4477  // r·(1 − κ), κ ≈ 0.5523 for a quarter circle
        let path = "m \(fmt(r)) 0 l \(fmt(w - r)) 0 b \(fmt(w - c)) 0 \(fmt(w)) \(fmt(c)) \(fmt(w)) \(fmt(r)) "
            + "l \(fmt(w)) \(fmt(h - r)) b \(fmt(w)) \(fmt(h - c)) \(fmt(w - c)) \(fmt(h)) \(fmt(w - r)) \(fmt(h)) "
            + "l \(fmt(r)) \(fmt(h)) b \(fmt(c)) \(fmt(h)) 0 \(fmt(h - c)) 0 \(fmt(h - r)) "
            + "l 0 \(fmt(r)) b 0 \(fmt(c)) \(fmt(c)) 0 \(fmt(r)) 0"
        return "{\\an7\\pos(\(fmt(x)),\(fmt(y)))\\bord0\\shad0\\blur0\\1c\(bgr(box.color))\\1a\(transparency(box.color.alpha))\\p1}"
            + path + "{\\p0}"
    }

    // MARK: Syntax

    /// The vertical margin for the anchor: bottom for 1-3, top for 7-9, none for the middle row.
    var marginV: Double { style.anchor <= 3 ? style.marginBottom : style.anchor >= 7 ? style.marginTop : 0 }

    /// The ease time of a word in scale mode (as `ScaleMode`: the transition, at most half the word).
    func ramp(_ w: TimedWord) -> Int { min(style.karaoke.transition, max(w.end - w.start, 1) / 2) }

    func dialogue(_ layerAndText: String, from: Int, to: Int) -> String {
        let comma = layerAndText.firstIndex(of: ",")!
        return "Dialogue: \(layerAndText[..<comma]),\(clock(from)),\(clock(to)),Default,,0,0,0,,\(layerAndText[layerAndText.index(after: comma)...])"
    }

    /// ms to ASS centiseconds, rounded to nearest: every boundary is rounded the same way, so adjacent
    /// segments neither overlap nor leave a gap.
    func centiseconds(_ ms: Int) -> Int { (ms + 5) / 10 }

    func clock(_ cs: Int) -> String {
        String(format: "%d:%02d:%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
    }

    /// Shadow colour with the style's shadow opacity folded into its alpha, as the native painter does.
    var shadowColor: RGBAColor {
        var c = style.shadow.color
        c.alpha = Compositing.effectiveAlpha(c.alpha, opacity: style.shadow.opacity)
        return c
    }

    var restoredAlphas: String {
        "\\1a\(transparency(style.textColor.alpha))\\3a\(transparency(style.strokeColor.alpha))\\4a\(transparency(shadowColor.alpha))"
    }

    /// `&HAABBGGRR` (style rows): AA is transparency, 255 − alpha.
    func ass(_ c: RGBAColor) -> String { String(format: "&H%02X%02X%02X%02X", 255 - Int(c.alpha), Int(c.blue), Int(c.green), Int(c.red)) }
    /// `&HBBGGRR&` (override tags).
    func bgr(_ c: RGBAColor) -> String { String(format: "&H%02X%02X%02X&", Int(c.blue), Int(c.green), Int(c.red)) }
    func transparency(_ alpha: UInt8) -> String { String(format: "&H%02X&", 255 - Int(alpha)) }

    func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }

    func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\u{29F5}").replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
    }
}
