import CaptionModel

/// Bilingual captions: a second caption track (a translation, usually) drawn as its own block under
/// or over the main captions, timed by its own captions, in a style derived from the main one
/// (`secondary`: size, colour, stroke; the font, shadow and box are the main style's; no karaoke,
/// so word highlighting stays on the main language).
///
/// Neither block moves when the other changes: each keeps a fixed area, its lines counted from its
/// own anchored edge. With a bottom anchor and the block below, the secondary block sits at the bottom
/// margin and the main captions' bottom margin grows by the secondary block's reserved height
/// (`lines` × its line height) plus the gap; above, the secondary block's margin grows by the main
/// block's reserved height (`paging.max_lines` lines). A top anchor mirrors this from the top margin;
/// a middle anchor (4-6) is treated as the bottom one of its column, as two blocks centred together
/// would move each other.
///
/// In the caption list the secondary track's events carry the style name `styleName`, which is how
/// every renderer tells them apart (`CaptionStyle.forPage`).
public enum SecondaryCaptions {
    public static let styleName = "CaptionKit secondary"

    /// The secondary track's events, marked.
    public static func marked(_ events: [CaptionEvent]) -> [CaptionEvent] {
        events.map { event in
            var marked = event
            marked.style = styleName
            return marked
        }
    }

    static func isSecondary(_ page: CaptionEvent) -> Bool { page.style == styleName }
}

extension CaptionStyle {
    /// The height kept for a block of `lines` lines at `size` (reference pixels).
    func reserved(lines: Int, size: Double) -> Double { Double(lines) * size * lineSpacing }

    /// The anchor both blocks use: a middle anchor becomes the bottom one of its column.
    var bilingualAnchor: Int { (4...6).contains(anchor) ? anchor - 3 : anchor }

    /// The main captions' style while secondary captions are shown: room kept for the other block.
    var mainWithSecondary: CaptionStyle {
        var main = self
        main.anchor = bilingualAnchor
        let room = reserved(lines: secondary.lines, size: secondary.fontSize) + secondary.gap
        switch (main.anchor >= 7, secondary.position) {
        case (false, .below): main.marginBottom += room
        case (true, .above): main.marginTop += room
        default: break
        }
        return main
    }

    /// The secondary block's style.
    var secondaryStyle: CaptionStyle {
        var s = self
        s.anchor = bilingualAnchor
        let room = reserved(lines: paging.maxLines, size: fontSize) + secondary.gap
        switch (s.anchor >= 7, secondary.position) {
        case (false, .above): s.marginBottom += room
        case (true, .below): s.marginTop += room
        default: break
        }
        s.fontSize = secondary.fontSize
        s.textColor = secondary.textColor
        s.strokeWidth = secondary.strokeWidth
        s.karaoke.mode = .none
        s.emphasis = Emphasis()
        s.speakers = nil
        s.wordBox = nil
        return s
    }
}
