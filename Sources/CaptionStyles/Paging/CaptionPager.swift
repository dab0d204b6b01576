import CaptionModel

/// Groups timed words into caption events ("pages"), the way a caption editor would, for karaoke
/// captions and for subtitles. The stages, one file each:
/// 1. measure each word once (`WordMetrics`, with `WordJoining`'s spacing rules);
/// 2. split at the breaks that are not a choice: pauses, sentence ends, speaker changes (`PageSegments`);
/// 3. choose page ends inside each segment against the limits on lines, words and duration,
///    preferring seams after punctuation and evenly full pages (`PageBreaker`, `PageBreakPenalty`);
/// 4. break each page into lines (`LineBreaker`);
/// 5. time the events, extended without overlap (`PageTiming`).
/// Nothing is dropped or reordered: every word lands on exactly one page, in order. The work is
/// linear in the number of words times the words a page can hold.
public enum CaptionPager {
    /// The caption pages of a document read for drawing or writing, decided one way for every command
    /// and the studio: a speech-to-text tool's words (`wordTimed`) are grouped into pages by `options`,
    /// and so are any file's words when the user asked for paging (`asked`: a paging flag); a subtitle
    /// file's own cues stay as they are.
    ///
    /// `page(_:options:)` does the grouping.
    public static func pages(of document: CaptionDocument, wordTimed: Bool, asked: Bool = false, options: PagingOptions) -> CaptionDocument {
        wordTimed || asked ? page(document, options: options) : document
    }

    /// Every word of the document regrouped into pages; a document without word timings is returned as
    /// it is (there is nothing to page).
    ///
    /// - Parameters:
    ///   - document: The captions read, whose events' words are in time order.
    ///   - options: The limits and breaking rules; a style's `paging` holds its preset's defaults.
    /// - Returns: The document with one event per page, each with its words; its other fields unchanged.
    public static func page(_ document: CaptionDocument, options: PagingOptions) -> CaptionDocument {
        let words = document.events.flatMap(\.words)
        guard !words.isEmpty else { return document }
        var paged = document
        paged.events = page(words, options: options)
        return paged
    }

    /// One event per page: its text is the page's lines joined by `\n` (plain, no spans), and its
    /// `words` are the page's words unchanged. Words must be in time order (by start).
    public static func page(_ words: [Word], options: PagingOptions) -> [CaptionEvent] {
        let input = Input(words)
        let ranges = pages(input, options: options)
        let times = PageTiming.times(of: ranges, starts: input.starts, ends: input.ends, options: options)
        let maxChars = PageLimits(options).maxChars
        var events: [CaptionEvent] = []
        events.reserveCapacity(ranges.count)
        for (range, time) in zip(ranges, times) {
            let lineStarts = LineBreaker.lineStarts(input.metrics, range, maxChars: maxChars, balance: options.balanceLines)
            let text = LineBreaker.text(input.texts, input.metrics, range, lineStarts: lineStarts)
            events.append(CaptionEvent(start: time.start, end: time.end, text: CaptionText(plain: text),
                                       words: Array(words[range])))
        }
        return events
    }

    /// The pages as ranges of `words`: consecutive, covering every word, the same pages `page` makes.
    /// For callers that build their own events (karaoke modes keep per-word state per page).
    public static func pageRanges(_ words: [Word], options: PagingOptions) -> [Range<Int>] {
        pages(Input(words), options: options)
    }

    /// The words' columns, read once.
    struct Input {
        let words: [Word]
        let texts: [String]
        let starts: [Milliseconds]
        let ends: [Milliseconds]
        let metrics: WordMetrics

        init(_ words: [Word]) {
            self.words = words
            texts = words.map(\.text)
            starts = words.map(\.start)
            ends = words.map(\.end)
            metrics = WordMetrics(texts)
        }
    }

    static func pages(_ input: Input, options: PagingOptions) -> [Range<Int>] {
        let breaker = PageBreaker(metrics: input.metrics, starts: input.starts, ends: input.ends,
                                  limits: PageLimits(options), penalties: PageBreakPenalty.seams(input.texts))
        var ranges: [Range<Int>] = []
        for segment in PageSegments.segments(input.words, options: options) {
            let starts = breaker.pageStarts(in: segment)
            for (k, start) in starts.enumerated() {
                ranges.append(start..<(k + 1 < starts.count ? starts[k + 1] : segment.upperBound))
            }
        }
        return ranges
    }
}
