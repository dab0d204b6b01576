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

    /// `curve` followed by `segments` straight pieces over `duration` ms, the pieces meeting at whole
    /// milliseconds (`duration × s / segments`, rounded down): exactly the path a run of ASS
    /// `\t(t0,t1,...)` tags takes in libass, which interpolates each piece linearly. Native karaoke
    /// animations use this so the compiled ASS can reproduce them frame for frame. `elapsed` in ms.
    public static func piecewise(_ curve: (Double) -> Double, elapsed: Double, duration: Int, segments: Int) -> Double {
        guard duration > 0, segments > 0 else { return 1 }
        guard elapsed > 0 else { return 0 }
        var previous = (time: 0, value: 0.0)
        for s in 1...segments {
            let end = (time: duration * s / segments, value: curve(Double(s) / Double(segments)))
            if elapsed < Double(end.time) {
                let span = Double(end.time - previous.time)
                return previous.value + (end.value - previous.value) * (span > 0 ? (elapsed - Double(previous.time)) / span : 1)
            }
            previous = end
        }
        return previous.value
    }

    private static func pow3(_ v: Double) -> Double { v * v * v }
}
