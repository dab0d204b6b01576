import CaptionModel
import CaptionStyles

/// The times a verification or golden recording looks at.
public enum FrameTimes {
    /// For each page: every word's start and middle, the middle of every gap between words, and the
    /// page's start and middle when it has no words. These are the frames where karaoke states differ
    /// (a word just started, a word mid-way through its transition, nothing spoken); sorted, unique, and
    /// inside their page (start ≤ t < end).
    public static func defaults(for pages: [CaptionEvent]) -> [Milliseconds] {
        var times: Set<Milliseconds> = []
        for page in pages {
            let words = WordTimeline.words(of: page)
            var candidates = words.isEmpty ? [page.start, (page.start + page.end) / 2] : []
            for (i, word) in words.enumerated() {
                candidates += [word.start, (word.start + word.end) / 2]
                if i + 1 < words.count, words[i + 1].start > word.end { candidates.append((word.end + words[i + 1].start) / 2) }
            }
            times.formUnion(candidates.filter { page.start <= $0 && $0 < page.end })
        }
        return times.sorted()
    }

    /// Every `step` milliseconds from the first page's start to the last page's end.
    public static func every(_ step: Milliseconds, over pages: [CaptionEvent]) -> [Milliseconds] {
        guard step > 0, let start = pages.map(\.start).min(), let end = pages.map(\.end).max() else { return [] }
        return Array(stride(from: start, to: end, by: step))
    }
}
