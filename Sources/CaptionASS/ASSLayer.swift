/// The ASS layers of a page, bottom to top, in the order the native painter draws: line or page
/// boxes, the spoken word's box, shadows, strokes, then fills. libass draws a lower layer first
/// whatever the events' order in the file.
enum ASSLayer {
    /// `style.box` behind each line or the page (`LineBoxEvents`).
    static let lineBox = 0
    /// The spoken word's box (background-by-word, `WordBoxEvents`).
    static let wordBox = 1
    /// Every word's shadow, scaled words' included (`LineEvents`, `ScaledWordEvents`).
    static let shadow = 2
    /// Every stroked word's stroke, its inside filled in the stroke colour (`LineEvents`,
    /// `ScaledWordEvents`): below every fill, as the native painter draws all strokes before all fills.
    static let underlay = 3
    /// The words' fills, at rest or scaling, in word order (`LineEvents`, `SweepEvents`, `ScaledWordEvents`).
    static let text = 4
}
