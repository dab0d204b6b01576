import CaptionModel

extension CaptionStyle {
    /// This style with a cue's own placement (`CuePlacement`, as the file said it) applied: the style
    /// decides whatever the cue leaves out. The layout knows a numeric-keypad anchor and the margins
    /// of a safe area, so the cue's placement becomes those:
    ///
    /// - `{\anN}` (SRT, ASS): the anchor.
    /// - WebVTT `position`, `size`, `align` and `position` alignment: the cue box (`size` % of the
    ///   width, its left, centre or right at `position` %) becomes the left and right margins, and the
    ///   text is aligned in it by `align` (start and left to the left, end and right to the right).
    /// - WebVTT `line` as a percentage (snap-to-lines off): the box's top (`line_align:start`), centre
    ///   or bottom at that height.
    /// - WebVTT `line` as a number (snap-to-lines on): line N from the top for N >= 0, from the bottom
    ///   for N < 0 (-1 is the last line), in lines of the style's line spacing, inside the style's
    ///   margins.
    ///
    /// - `{\pos(x,y)}` (SRT): the anchor point (the cue's `{\an}`, else the style's) at (x, y) in
    ///   `pointSpace`, the 384x288 pixels players read an SRT file's tags in (ffmpeg's script for SRT),
    ///   stretched to the frame as they stretch it: margins that put the anchor there. Unlike a player,
    ///   a caption near an edge wraps inside what those margins leave.
    ///
    /// - A region (`area`: TTML `tts:origin` and `tts:extent`, a WebVTT region's box): the margins are
    ///   the box; the text is aligned in it by the anchor (TTML `tts:displayAlign` and `tts:textAlign`),
    ///   else at its bottom by `align` (WebVTT stacks a region's cues from the bottom). The cue's own
    ///   `line`, `position` and `size` do not apply (a WebVTT cue with them is not in its region).
    ///
    /// Not placed: SRT coordinates after the timing, a `{\pos}` without `pointSpace` (an ASS event's, in
    /// its script's PlayRes), vertical text.
    public func placed(_ placement: CuePlacement?, frameWidth: Double, frameHeight: Double,
                       pointSpace: (width: Double, height: Double)? = (384, 288)) -> CaptionStyle {
        guard let p = placement, p != CuePlacement() else { return self }
        var style = self
        // Style lengths are pixels of the 1080-short-side frame.
        let scale = min(frameWidth, frameHeight) / 1080
        guard scale > 0 else { return self }
        func width(_ percent: Double) -> Double { percent / 100 * frameWidth / scale }
        func height(_ percent: Double) -> Double { percent / 100 * frameHeight / scale }
        var column = (style.anchor - 1) % 3, row = (style.anchor - 1) / 3 // row 0 bottom, 1 middle, 2 top

        if let anchor = p.anchor, (1...9).contains(anchor) {
            column = (anchor - 1) % 3
            row = (anchor - 1) / 3
        }

        if let point = p.point, let space = pointSpace, space.width > 0, space.height > 0 {
            // The point in frame pixels, then in the style's units.
            let x = min(max(point.x * frameWidth / space.width, 0), frameWidth)
            let y = min(max(point.y * frameHeight / space.height, 0), frameHeight)
            func around(_ at: Double, _ size: Double) -> (before: Double, after: Double) {
                at <= size / 2 ? (0, (size - 2 * at) / scale) : ((2 * at - size) / scale, 0)
            }
            switch column {
            case 0: style.marginLeft = x / scale; style.marginRight = 0
            case 2: style.marginLeft = 0; style.marginRight = (frameWidth - x) / scale
            default: (style.marginLeft, style.marginRight) = around(x, frameWidth)
            }
            switch row {
            case 0: style.marginBottom = (frameHeight - y) / scale
            case 2: style.marginTop = y / scale
            default: (style.marginTop, style.marginBottom) = around(y, frameHeight)
            }
            style.anchor = row * 3 + column + 1
            return style
        }

        // A TTML or WebVTT region: the margins are its box (clamped to the frame), the text aligned in it.
        if let area = p.area {
            let x = min(max(area.x, 0), 100), y = min(max(area.y, 0), 100)
            let w = min(max(area.width, 0), 100 - x), h = min(max(area.height, 0), 100 - y)
            style.marginLeft = width(x); style.marginRight = width(100 - x - w)
            style.marginTop = height(y); style.marginBottom = height(100 - y - h)
            if p.anchor == nil {
                row = 0
                column = p.align.column
            }
            style.anchor = row * 3 + column + 1
            return style
        }

        // WebVTT's cue box across the width.
        if p.position != nil || p.size != 100 || p.align != .center {
            column = p.align.column
            var size = min(max(p.size, 0), 100)
            var left: Double
            if let position = p.position {
                let alignment: CuePlacement.PositionAlign = p.positionAlign != .auto ? p.positionAlign
                    : (column == 0 ? .lineLeft : column == 2 ? .lineRight : .center)
                // WebVTT's maximum size: the box never reaches past the frame from its position.
                let maximum: Double = switch alignment {
                case .lineLeft, .auto: 100 - position
                case .center: 2 * min(position, 100 - position)
                case .lineRight: position
                }
                size = min(size, max(maximum, 0))
                left = switch alignment {
                case .lineLeft, .auto: position
                case .center: position - size / 2
                case .lineRight: position - size
                }
            } else {
                // WebVTT's automatic position: the box centred, or at the edge its alignment names.
                left = column == 0 ? 0 : column == 2 ? 100 - size : (100 - size) / 2
            }
            left = min(max(left, 0), 100 - size)
            style.marginLeft = width(left)
            style.marginRight = width(100 - size - left)
        }

        // WebVTT's line.
        switch p.line {
        case .auto: break
        case .percent(let percent):
            let at = min(max(percent, 0), 100)
            switch p.lineAlign {
            case .start: row = 2; style.marginTop = height(at)
            case .end: row = 0; style.marginBottom = height(100 - at)
            case .center:
                row = 1
                style.marginTop = height(max(0, 2 * at - 100))
                style.marginBottom = height(max(0, 100 - 2 * at))
            }
        case .number(let n):
            let lineHeight = style.fontSize * style.lineSpacing
            // Counted inside the style's margins, so that line 0 and -1 sit where the style puts its
            // top and bottom captions (a browser counts from the frame's very edge).
            if n >= 0 {
                row = 2; style.marginTop += n.rounded(.down) * lineHeight
            } else {
                row = 0; style.marginBottom += (-n.rounded(.down) - 1) * lineHeight
            }
        }
        style.anchor = row * 3 + column + 1
        return style
    }
}
