import CaptionLayout
import CaptionModel
import CaptionStyles

/// word-and-scale: while a word grows, holds and eases back, the lines hide it and it is drawn alone
/// at its box's centre (`\an5\pos`), its scale animated by `\t`. The native ease-in-out curve has no
/// `\t` accel equivalent, so it is followed by `segments` linear pieces. The word takes the highlight
/// colour while spoken and the text colour while easing back, as `ScaleMode` does.
struct ScaledWordEvents {
    let style: CaptionStyle
    let layout: TextLayout
    let timed: [TimedWord]
    let page: CaptionEvent

    static let segments = ScaleMode.easingSegments
    static let textLayer = 3

    var isActive: Bool { style.karaoke.mode == .scale }

    /// The ease time of a word (as `ScaleMode`: the transition, at most half the word).
    func ramp(_ w: TimedWord) -> Milliseconds { min(style.karaoke.transition, max(w.end - w.start, 1) / 2) }

    /// When the word is back at scale 1 (its end when nothing scales).
    func settled(_ w: TimedWord) -> Milliseconds { isActive ? w.end + ramp(w) : w.end }

    /// The words drawn by their own events at `t`.
    func hidden(at t: Milliseconds) -> Set<Int> {
        guard isActive else { return [] }
        return Set(timed.indices.filter { $0 < layout.words.count && timed[$0].start <= t && t < settled(timed[$0]) })
    }

    func events() -> [ASSEvent] {
        guard isActive else { return [] }
        let n = ASSSyntax.number, k = layout.scale
        let big = style.karaoke.scale * 100
        var events: [ASSEvent] = []
        for (i, w) in timed.enumerated() where i < layout.words.count && w.start < page.end {
            let word = layout.words[i], r = ramp(w)
            let pos = "\\an5\\pos(\(n(word.box.x + word.box.width / 2)),\(n(word.box.y + word.box.height / 2)))"
            let text = ASSSyntax.escape(word.text)
            let from = ASSSyntax.centiseconds(w.start), to = ASSSyntax.centiseconds(min(w.end, page.end))
            // The event starts at the rounded time; the animation keeps the exact word time.
            let grow = "\\fscx100\\fscy100" + transitions(from: 100, to: big, over: r, delay: w.start - from * 10)
            var spans = [(from, to, grow, style.highlightColor)]
            if r > 0, w.end < page.end {
                let back = ASSSyntax.centiseconds(min(w.end + r, page.end))
                spans.append((to, back, "\\fscx\(n(big))\\fscy\(n(big))" + transitions(from: big, to: 100, over: r, delay: w.end - to * 10),
                              style.textColor))
            }
            for (a, b, scale, color) in spans where a < b {
                if style.shadow.opacity > 0, style.shadow.color.alpha > 0 {
                    let alpha = ASSSyntax.transparency(ASSHeader(style: style, width: 1080, height: 1080).shadowColor.alpha)
                    events.append(ASSEvent(layer: LineEvents.shadowLayer, from: a, to: b,
                                           text: "{\(pos)\(LineEvents.shadowTags(style, scale: k))\\4a\(alpha)\(scale)}" + text))
                }
                events.append(ASSEvent(layer: Self.textLayer, from: a, to: b,
                                       text: "{\(pos)\\shad0\\blur0\\1c\(ASSSyntax.tagColor(color))\\1a\(ASSSyntax.transparency(color.alpha))\(scale)}" + text))
            }
        }
        return events
    }

    /// `\t` pieces following `Easing.inOut` from `a` to `b` percent over `duration` ms, starting
    /// `delay` ms after the event's start (−5...4: the rounding of the event's start).
    func transitions(from a: Double, to b: Double, over duration: Milliseconds, delay: Int) -> String {
        let n = ASSSyntax.number
        guard duration > 0 else { return "\\fscx\(n(b))\\fscy\(n(b))" }
        var out = ""
        for s in 1...Self.segments {
            let t0 = max(0, delay + duration * (s - 1) / Self.segments), t1 = max(0, delay + duration * s / Self.segments)
            let v = a + (b - a) * Easing.inOut(Double(s) / Double(Self.segments))
            out += "\\t(\(t0),\(t1),\\fscx\(n(v))\\fscy\(n(v)))"
        }
        return out
    }
}
