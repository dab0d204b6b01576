import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// A word that scales, drawn alone at its box's centre (`\an5\pos`) while the lines hide it, its
/// scale animated by `\t`:
/// - word-and-scale: it grows over the ramp from its start in the highlight colour, holds, and eases
///   back over the ramp after its end in the text colour, as `ScaleMode` does;
/// - pop-in: from its start it scales from `pop_from` up to the overshoot and settles at 1 over the
///   transition (or until its end, when it ends sooner), as `PopInMode` does; before its start it is
///   not drawn at all (opacity 0, see `LineEvents`).
/// The native painter draws a scale rounded to 1/80 (its glyph cache's step), evaluated at the frame's
/// millisecond. The ease curves have no `\t` accel form, and linear pieces between samples missed the
/// native scale by up to 1% mid-settle (pop-in at 0.35 s: 23.7 dB), so the scale follows the native
/// steps exactly: one `\t(t − 1, t, …)` at every millisecond t where the rounded scale changes, which
/// libass (evaluating at whole milliseconds too) shows as the same step at the same millisecond.
struct ScaledWordEvents {
    let style: CaptionStyle
    let layout: TextLayout
    let timed: [TimedWord]
    let page: CaptionEvent
    /// Each word's colours (speaker, emphasis), as the native renderer takes them.
    let looks: WordLooks

    init(style: CaptionStyle, layout: TextLayout, timed: [TimedWord], page: CaptionEvent) {
        self.style = style; self.layout = layout; self.timed = timed; self.page = page
        looks = WordLooks(words: timed, style: style)
    }

    var isActive: Bool { ScaledSpan.isUsed(by: style) }

    /// Part of a word's time drawn alone: its colour and scale keyframes (absolute ms, the scale as the
    /// painter draws it).
    struct Span {
        var from: Milliseconds
        var to: Milliseconds
        var color: RGBAColor
        var keys: [(t: Milliseconds, scale: Double)]
    }

    /// The words drawn by their own events at `t`.
    func hidden(at t: Milliseconds) -> Set<Int> {
        guard isActive else { return [] }
        return Set(timed.indices.filter { $0 < layout.words.count && timed[$0].start <= t && t < ScaledSpan.settled(timed[$0], style: style) })
    }

    func spans(_ i: Int) -> [Span] {
        let w = timed[i]
        switch style.karaoke.mode {
        case .scale:
            let r = ScaledSpan.ramp(of: w, style: style)
            var spans = [span(i, from: w.start, to: w.end, color: looks.styles[i].highlightColor)]
            if r > 0 { spans.append(span(i, from: w.end, to: w.end + r, color: looks.styles[i].textColor)) }
            return spans
        case .popIn:
            let end = ScaledSpan.settled(w, style: style)
            guard end > w.start else { return [] }
            return [span(i, from: w.start, to: end, color: appearance(of: i, at: w.start).color)]
        default:
            return []
        }
    }

    /// The span with the native scale's steps as keyframes: its first millisecond's, then each change.
    func span(_ i: Int, from: Milliseconds, to: Milliseconds, color: RGBAColor) -> Span {
        var keys: [(t: Milliseconds, scale: Double)] = []
        for t in from..<max(to, from + 1) {
            let scale = DrawnScale.of(appearance(of: i, at: t))
            if keys.last?.scale != scale { keys.append((t, scale)) }
        }
        return Span(from: from, to: to, color: color, keys: keys)
    }

    /// The native appearance of word `i` at `t` (every mode decides a word from its own times and look).
    func appearance(of i: Int, at t: Milliseconds) -> WordAppearance {
        Karaoke.appearance(of: i, in: timed, looks: looks, at: t, style: style)
    }

    func events() -> [ASSEvent] {
        guard isActive else { return [] }
        let n = ASSSyntax.number, k = layout.scale
        var events: [ASSEvent] = []
        for (i, w) in timed.enumerated() where i < layout.words.count && w.start < page.end {
            let word = layout.words[i]
            let pos = "\\an5\\pos(\(n(word.box.x + word.box.width / 2)),\(n(WordTop.centreY(of: i, in: layout))))"
            for span in spans(i) {
                let from = ASSSyntax.centiseconds(span.from), to = ASSSyntax.centiseconds(min(span.to, page.end))
                guard from < to else { continue }
                let scale = animation(span.keys, eventStart: from * 10)
                let shifts = fillerShifts(word: i, keys: span.keys)
                let text = FallbackFontRuns(layout: layout, style: style).text(word: i) { filler, place, last in
                    fillerSpacing(filler, size: size(of: i), keys: span.keys, shifts: last ? shifts.map { $0[place] ?? 0 } : nil,
                                  eventStart: from * 10)
                }
                if style.shadow.opacity > 0, style.shadow.color.alpha > 0 {
                    let alpha = ASSSyntax.transparency(ASSHeader.shadowColor(style).alpha)
                    events.append(ASSEvent(layer: ASSLayer.shadow, from: from, to: to,
                                           text: "{\(pos)\(LineEvents.shadowTags(style, scale: k))\\4a\(alpha)\(scale)}" + text, word: i))
                }
                // The stroke below every fill, as for words at rest (LineEvents.hasStroke); the fill
                // among the other words' fills, in word order, as the native painter paints them.
                var bord = ""
                if LineEvents.hasStroke(style, scale: k) {
                    events.append(ASSEvent(layer: ASSLayer.underlay, from: from, to: to,
                                           text: "{\(pos)\(LineEvents.underlayTags(style))\(scale)}" + text, word: i))
                    bord = "\\bord0"
                }
                let color = span.color
                events.append(ASSEvent(layer: ASSLayer.text, from: from, to: to,
                                       text: "{\(pos)\\shad0\\blur0\(bord)\\1c\(ASSSyntax.tagColor(color))\\1a\(ASSSyntax.transparency(color.alpha))\(scale)}" + text, word: i))
            }
        }
        return events
    }

    /// The word's ASS font size (an emphasised word's may differ from the layout's).
    func size(of i: Int) -> Double { layout.glyphs[layout.words[i].glyphRange].first?.fontSize ?? layout.fontSize }

    /// The fillers' shifts at each of the span's scales, by group place (`ScaledWordFillers`, as the
    /// native painter plans them).
    func fillerShifts(word i: Int, keys: [(t: Milliseconds, scale: Double)]) -> [[Int: Int]] {
        let word = layout.words[i]
        let strokeWidth = PrintedLengths.strokeWidth(style, scale: layout.scale)
        let fillers = SimpleShaperFillers.plan(word: i, in: layout, strokeWidth: strokeWidth, style: style)
        guard !fillers.before.isEmpty else { return keys.map { _ in [:] } }
        let glyphs = Array(layout.glyphs[word.glyphRange])
        return keys.map { key in
            ScaledWordFillers.plan(fillers, glyphs: glyphs, firstCharacter: word.characterRange.lowerBound, size: size(of: i),
                                   scale: key.scale, centreX: word.box.x + word.box.width / 2,
                                   centreY: WordTop.centreY(of: i, in: layout), strokeWidth: strokeWidth).shifts
        }
    }

    /// A simple-shaper filler's `\fsp` in a word drawn scaled: at every step of the scale, its shift
    /// (`shifts`, for a group's last filler) minus the filler's complex-shaper advance at that scale
    /// (libass scales `\fsp` by `\fscx`, and rounds the advance at the scaled size), so under the
    /// complex shaper it moves the glyphs after it exactly as the native painter does at that scale.
    /// Steps as `animation`'s.
    func fillerSpacing(_ filler: SimpleShaperFillers.Filler, size: Double, keys: [(t: Milliseconds, scale: Double)],
                       shifts: [Int]?, eventStart: Milliseconds) -> String {
        let n = ASSSyntax.number
        func spacing(_ k: Int) -> Double {
            let scale = keys[k].scale
            guard scale > 0 else { return 0 }
            return (Double(shifts?[k] ?? 0) / 64 - filler.complexAdvance(size: size * scale)) / scale
        }
        var start = spacing(0), out = ""
        for k in keys.indices.dropFirst() {
            let t = keys[k].t - eventStart
            if t <= 0 { start = spacing(k); continue }
            out += "\\t(\(t - 1),\(t),\\fsp\(n(spacing(k))))"
        }
        return "\\fsp\(n(start))" + out
    }

    /// `\fscx\fscy` at the event's start, then a one-millisecond `\t` into each later step, in ms
    /// from `eventStart` (the event starts at the rounded time; the steps keep the exact times).
    func animation(_ keys: [(t: Milliseconds, scale: Double)], eventStart: Milliseconds) -> String {
        let n = ASSSyntax.number
        var start = keys[0].scale, out = ""
        for key in keys.dropFirst() {
            let t = key.t - eventStart
            if t <= 0 { start = key.scale; continue }
            out += "\\t(\(t - 1),\(t),\\fscx\(n(key.scale * 100))\\fscy\(n(key.scale * 100)))"
        }
        return "\\fscx\(n(start * 100))\\fscy\(n(start * 100))" + out
    }
}
