/// Easing curves for karaoke transitions, on 0...1.
public enum Easing {
    /// Cubic ease-in-out: slow start and end, as ASS `\t` accel curves approximate.
    public static func inOut(_ x: Double) -> Double {
        let t = min(max(x, 0), 1)
        return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
    }

    /// Cubic ease-out: fast start, slow end (slides).
    public static func out(_ x: Double) -> Double {
        let t = min(max(x, 0), 1)
        return 1 - pow3(1 - t)
    }

    private static func pow3(_ v: Double) -> Double { v * v * v }
}
