import CaptionLayout
import CaptionModel
import CaptionStyles

/// karaoke-fill: the native painter splits a word's fill at one pixel column,
/// `round(box.x + sweep × box.width)` (mirrored for right-to-left words): the swept side in the sweep
/// colour, the rest in the word's colour; the stroke is not swept. `\kf` would split libass's own
/// bitmaps at its own positions, so instead the word is drawn twice, each copy clipped by a `\clip`
/// rectangle to its side of the column: the two copies' pixels add up to the word drawn once.
///
/// While the word is spoken the column moves linearly in time. libass animates `\t(\clip)` linearly
/// from integer clip coordinates and truncates the value at the frame's millisecond (measured through
/// ffmpeg's subtitles filter: 10.5 → 10, 11.9 → 11), so the animation runs along the native line
/// plus ½ (truncating x + ½ rounds x) between two integer (time, x) points chosen before and after
/// the event where that line passes closest above an integer: between them it lies at most that
/// distance above the native line, so a frame differs only where the native column is about to move.
struct SweepEvents {
    let layout: TextLayout
    let frameWidth: Int
    let frameHeight: Int

    /// How far before and after the event the animation's end points are searched (ms).
    static let searchRange = 4000

    /// The word's copies (text with tags) when it has a sweep; nil otherwise. `tags` start the first
    /// override block (position and the like); the colour and clip tags are added here. `ink`: what
    /// `text` draws, when not the word's glyphs (an underline bar: `DecorationBars`).
    func texts(word i: Int, appearance a: WordAppearance, timed: TimedWord?, at: Milliseconds,
               eventStart: Milliseconds, eventEnd: Milliseconds, tags: String, text: String, ink drawn: LayoutRect? = nil) -> [String]? {
        guard let sweepColor = a.sweepColor, let split = SweepColumn.x(word: i, in: layout, appearance: a) else { return nil }
        let word = layout.words[i]
        let rightToLeft = word.direction == .rightToLeft
        let (leftColor, rightColor) = rightToLeft ? (a.color, sweepColor) : (sweepColor, a.color)
        func copy(_ color: RGBAColor, _ clip: String) -> String { "{" + tags + colorTags(color) + clip + "}" + text }

        // fill's sweep moves continuously while the word is spoken; letter's steps at the cuts.
        if a.sweep != nil, let timed, case .active = WordState.of(timed, at: at) {
            let (x0, x1, t0, t1) = animation(word: word, timed: timed, rightToLeft: rightToLeft, eventStart: eventStart, eventEnd: eventEnd)
            let (w, h) = (frameWidth, frameHeight)
            return [copy(leftColor, "\\clip(0,0,\(x0),\(h))\\t(\(t0),\(t1),\\clip(0,0,\(x1),\(h)))"),
                    copy(rightColor, "\\clip(\(x0),0,\(w),\(h))\\t(\(t0),\(t1),\\clip(\(x1),0,\(w),\(h)))")]
        }
        let ink = drawn ?? word.inkBox ?? word.box
        if Int(ink.x.rounded(.down)) >= split { return [copy(rightColor, "")] }
        if Int((ink.x + ink.width).rounded(.up)) <= split { return [copy(leftColor, "")] }
        return [copy(leftColor, "\\clip(0,0,\(split),\(frameHeight))"), copy(rightColor, "\\clip(\(split),0,\(frameWidth),\(frameHeight))")]
    }

    /// The column's animation: clip x at `t0` and at `t1` (ms relative to the event's start).
    func animation(word: LaidOutWord, timed: TimedWord, rightToLeft: Bool, eventStart: Milliseconds,
                   eventEnd: Milliseconds) -> (x0: Int, x1: Int, t0: Int, t1: Int) {
        let duration = Double(max(timed.end - timed.start, 1))
        let slope = (rightToLeft ? -word.box.width : word.box.width) / duration
        let base = (rightToLeft ? word.box.x + word.box.width : word.box.x) + 0.5
        func x(_ t: Int) -> Double { base + slope * Double(t - timed.start) }
        /// The time in `range` where the line is closest above an integer, and that integer.
        func anchor(_ range: ClosedRange<Int>) -> (t: Int, x: Int) {
            var best = (t: range.lowerBound, x: Int(x(range.lowerBound).rounded(.up)), gap: 2.0)
            for t in range {
                let v = x(t), up = v.rounded(.up)
                if up - v < best.gap { best = (t, Int(up), up - v) }
                if best.gap == 0 { break }
            }
            return (best.t, best.x)
        }
        let a = anchor(eventStart - Self.searchRange...eventStart)
        let b = anchor(eventEnd...eventEnd + Self.searchRange)
        return (a.x, b.x, a.t - eventStart, b.t - eventStart)
    }

    func colorTags(_ c: RGBAColor) -> String { "\\1c\(ASSSyntax.tagColor(c))\\1a\(ASSSyntax.transparency(c.alpha))" }
}
