import CaptionModel
import CaptionStyles

/// What the user changed of the paging (the command line's `--max-chars`, `--max-lines`... flags):
/// each field set replaces the base's (the style's paging, or the defaults). Any field set also asks
/// for paging: then any input with words is paged, not only a speech-to-text tool's.
public struct PagingOverrides: Sendable, Hashable {
    public var maxCharsPerLine: Int?
    public var maxLines: Int?
    public var maxWordsPerPage: Int?
    public var maxDuration: Milliseconds?
    public var minDuration: Milliseconds?
    public var maxGap: Milliseconds?
    public var holdGap: Milliseconds?
    /// false: do not end captions after sentence punctuation.
    public var breakAfterSentence: Bool?
    /// false: fill lines greedily.
    public var balanceLines: Bool?

    public init() {}

    /// True when anything was set: the user asked for paging.
    public var isSet: Bool { self != PagingOverrides() }

    /// `base` with the overrides applied.
    public func applied(to base: PagingOptions) -> PagingOptions {
        var o = base
        if let maxCharsPerLine { o.maxCharsPerLine = maxCharsPerLine }
        if let maxLines { o.maxLines = maxLines }
        if let maxWordsPerPage { o.maxWordsPerPage = maxWordsPerPage }
        if let maxDuration { o.maxDuration = maxDuration }
        if let minDuration { o.minDuration = minDuration }
        if let maxGap { o.maxGap = maxGap }
        if let holdGap { o.holdGap = holdGap }
        if let breakAfterSentence { o.breakAfterSentence = breakAfterSentence }
        if let balanceLines { o.balanceLines = balanceLines }
        return o
    }
}
