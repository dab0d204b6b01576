/// The ASS layers of a page, bottom to top, in the order the native painter draws: line or page
/// boxes, the spoken word's box, shadows, then strokes and fills. libass draws a lower layer first
/// whatever the events' order in the file.
enum ASSLayer {
    /// `style.box` behind each line or the page (`LineBoxEvents`).
    static let lineBox = 0
    /// The spoken word's box (background-by-word, `WordBoxEvents`).
    static let wordBox = 1
    /// Every word's shadow, scaled words' included (`LineEvents`, `ScaledWordEvents`).
    static let shadow = 2
    /// A translucent word's stroke with its inside filled (`LineEvents`: native strokes cover the glyph).
    static let underlay = 3
    /// The words at rest (`LineEvents`, `SweepEvents`).
    static let text = 4
    /// A word drawn alone while it scales (`ScaledWordEvents`).
    static let scaledText = 5
}
