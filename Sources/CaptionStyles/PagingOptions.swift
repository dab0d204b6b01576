import CaptionModel

/// How words are grouped into caption pages. Flags on `convert`, `render` and `burn` set these, and
/// styles carry defaults for them (issue 4).
public struct PagingOptions: Sendable, Hashable, Codable {
    /// Characters per line (Swift `Character`s, so an emoji or an accented letter counts once). A single
    /// word longer than this stands alone on its own line.
    public var maxCharsPerLine: Int = 42
    public var maxLines: Int = 2
    /// Words per page; nil for no limit (a page still never holds more than 500 words, which bounds
    /// the page breaker's work).
    public var maxWordsPerPage: Int?
    /// A page never lasts longer than this, from its first word's start to its last word's end (unless
    /// it is a single word).
    public var maxDuration: Milliseconds = 7000
    /// A page shorter than this is held on screen longer, as long as it does not overlap the next page.
    public var minDuration: Milliseconds = 0
    /// A pause longer than this between two words ends the page.
    public var maxGap: Milliseconds = 1500
    /// End a page after a word that ends a sentence (`.`, `!`, `?`, `…`, and their CJK forms).
    public var breakAfterSentence: Bool = true
    /// Choose line breaks that make a page's lines even (the shortest longest line, then the most even
    /// split), instead of filling the first line greedily; never leave a single word alone on the last
    /// line when another break into as few lines avoids it.
    public var balanceLines: Bool = true
    /// A new speaker starts a new page.
    public var breakOnSpeakerChange: Bool = true
    /// When the gap from a page's last word to the next page is at most this, the page stays on screen
    /// until the next starts (nil: pages end with their last word, or `minDuration` after they start).
    public var holdGap: Milliseconds?

    public init() {}
}
