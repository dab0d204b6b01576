/// The clip's own level of change: the median frame difference over the last second of the current
/// shot. A median, so the few spikes a flash puts in the window do not raise it; over the current shot
/// only, so a cut into a busy shot (a crowd, a whip pan, a cellular automaton) is measured against that
/// shot's motion from its second frame on, not against the calm shot before it.
struct MotionLevel {
    let window: Int
    /// Recent differences by the position of the frame they lead to, oldest first.
    private var recent: [(position: Int, difference: Double)] = []
    /// Where the current shot starts: differences at or before it are not its motion.
    private var shotStart = 0

    init(window: Int) { self.window = window }

    mutating func add(_ difference: Double, at position: Int) {
        recent.append((position, difference))
        // Kept a little longer than the window: the detector asks about frames a few frames back.
        if recent.count > window + 8 { recent.removeFirst(recent.count - window - 8) }
    }

    mutating func startShot(at position: Int) { shotStart = position }

    /// The median of the differences in the `window` frames before `position`, after the shot's start;
    /// 0 when there is none.
    func median(before position: Int) -> Double {
        let from = max(position - window, shotStart + 1)
        let values = recent.filter { $0.position >= from && $0.position < position }.map(\.difference).sorted()
        guard !values.isEmpty else { return 0 }
        let mid = values.count / 2
        return values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
    }
}
