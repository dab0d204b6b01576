import CaptionModel

/// The pages shown at a time (start ≤ t < end), found without reading every page: the pages sorted by
/// start, and along that order the latest end reached so far. A query finds the last page started by
/// `t` and walks back only while some page that far back still reaches past `t`. A burn asks once per
/// frame; with a million captions a scan of every page per frame took 0.6 s a frame (debug build).
/// Built once per list of pages.
public struct PageIndex: Sendable {
    /// Page indices in order of start (ties in list order).
    private let order: [Int]
    private let starts: [Milliseconds]
    /// `reach[k]`: the latest end among `order[0...k]`.
    private let reach: [Milliseconds]

    public init(_ pages: [CaptionEvent]) {
        order = pages.indices.sorted { (pages[$0].start, $0) < (pages[$1].start, $1) }
        starts = order.map { pages[$0].start }
        var latest = Milliseconds.min
        reach = order.map { latest = max(latest, pages[$0].end); return latest }
    }

    /// The indices of the pages shown at `t`, in list order (the order they are drawn in).
    public func shown(at t: Milliseconds, in pages: [CaptionEvent]) -> [Int] {
        // The first position whose start is after t.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= t { low = mid + 1 } else { high = mid }
        }
        var found: [Int] = []
        var k = low - 1
        while k >= 0, reach[k] > t {
            if pages[order[k]].end > t { found.append(order[k]) }
            k -= 1
        }
        return found.sorted()
    }
}
