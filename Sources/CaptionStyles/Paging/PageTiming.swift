import CaptionModel

/// When each page is on screen. A page runs from its first word's start to its last word's end, and
/// is then extended: to `minDuration` if shorter, and with `holdGap`, up to the next page's start when
/// the pause after its last word is at most `holdGap`. Neither extension, nor the words themselves
/// when the input's timings overlap, carries a page past the next page's start, so events never
/// overlap (a page whose next starts at the same instant ends where it starts).
enum PageTiming {
    static func times(of pages: [Range<Int>], starts: [Milliseconds], ends: [Milliseconds],
                      options: PagingOptions) -> [(start: Milliseconds, end: Milliseconds)] {
        var times: [(start: Milliseconds, end: Milliseconds)] = []
        times.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            let start = starts[page.lowerBound]
            let spokenEnd = max(start, ends[page.upperBound - 1])
            let nextStart = index + 1 < pages.count ? starts[pages[index + 1].lowerBound] : nil
            var end = spokenEnd
            if options.minDuration > 0, end - start < options.minDuration {
                let (extended, overflow) = start.addingReportingOverflow(options.minDuration)
                end = overflow ? Milliseconds.max : extended
            }
            if let holdGap = options.holdGap, let nextStart, nextStart &- spokenEnd <= holdGap {
                end = max(end, nextStart)
            }
            if let nextStart { end = max(start, min(end, nextStart)) }
            times.append((start, end))
        }
        return times
    }
}
