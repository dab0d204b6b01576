import CaptionModel

/// The hard limits on one page, from `PagingOptions`, with nonsense values made harmless: a page
/// has at least one line, at least one word, and "no limit" is `Int.max`.
struct PageLimits {
    var maxChars: Int
    var maxLines: Int
    var maxWords: Int
    var maxDuration: Milliseconds

    init(_ options: PagingOptions) {
        maxChars = options.maxCharsPerLine
        maxLines = max(1, options.maxLines)
        maxWords = max(1, options.maxWordsPerPage ?? Int.max)
        maxDuration = options.maxDuration
    }
}
