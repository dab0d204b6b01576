/// The clip's own level of change: the median of the last `window` frame differences. A median, so the
/// few spikes a cut or a flash puts in the window do not raise it; rolling, so a clip that moves more
/// (a pan, a crowd, a cellular automaton) needs a bigger jump to count as a cut.
struct MotionLevel {
    let window: Int
    private var recent: [Double] = []
    private var next = 0

    init(window: Int) { self.window = window }

    mutating func add(_ difference: Double) {
        if recent.count < window { recent.append(difference) } else { recent[next] = difference }
        next = (next + 1) % window
    }

    /// 0 before any difference was seen.
    var median: Double {
        guard !recent.isEmpty else { return 0 }
        let sorted = recent.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
