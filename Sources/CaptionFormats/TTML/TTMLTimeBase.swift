import CaptionModel

/// The `ttp:` parameters time expressions are read with: frames a second (`ttp:frameRate` times
/// `ttp:frameRateMultiplier`), sub-frames a frame, ticks a second. TTML's defaults: 30 frames, 1
/// sub-frame, and ticks at the frame rate times the sub-frame rate when a frame rate is given, else 1.
struct TTMLTimeBase {
    var framesPerSecond: Double = 30
    var subFrameRate: Double = 1
    var tickRate: Double = 1

    init() {}

    /// From the root element's parameters; a value that is not a positive number is a warning and the default stays.
    init(_ root: XMLElement, warn: (String) -> Void) {
        func positive(_ key: String) -> Double? {
            guard let text = root["ttp:\(key)"] else { return nil }
            guard let v = Double(text.trimmingWhitespace), v > 0, v.isFinite else {
                warn("ttp:\(key) '\(text)' is not a positive number; the default is used")
                return nil
            }
            return v
        }
        let frameRate = positive("frameRate")
        if let frameRate { framesPerSecond = frameRate }
        if let multiplier = root["ttp:frameRateMultiplier"] {
            let parts = multiplier.split(separator: " ").compactMap { Double($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 {
                framesPerSecond *= parts[0] / parts[1]
            } else {
                warn("ttp:frameRateMultiplier '\(multiplier)' is not two positive numbers; ignored")
            }
        }
        if let sub = positive("subFrameRate") { subFrameRate = sub }
        if let ticks = positive("tickRate") {
            tickRate = ticks
        } else if frameRate != nil {
            tickRate = framesPerSecond * subFrameRate
        }
    }

    /// A TTML time expression in milliseconds: `00:00:01.500`, `00:00:01:12`, `00:00:01:12.1`,
    /// `4.25s`, `8000ms`, `2.5m`, `1h`, `25f`, `100t`. Nil when it is not one.
    func milliseconds(_ expression: String) -> Milliseconds? {
        let text = expression.trimmingWhitespace
        guard !text.isEmpty else { return nil }
        let seconds: Double?
        if text.contains(":") {
            seconds = clock(text)
        } else {
            seconds = offset(text)
        }
        return seconds.flatMap { CaptionTime.milliseconds(fromSeconds: $0) }
    }

    private func clock(_ text: String) -> Double? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        // `m:ss.fff` as Apple's lyric TTML writes it is not TTML, but unambiguous: read as 0:m:ss.fff.
        if parts.count == 2 { parts.insert("00", at: 0) }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        func digits(_ s: Substring, _ minimum: Int) -> Double? {
            s.count >= minimum && s.allSatisfy(\.isASCIIDigit) ? Double(s) : nil
        }
        guard let h = digits(parts[0], 1), let m = digits(parts[1], 1), m < 60 else { return nil }
        var total = h * 3600 + m * 60
        if parts.count == 3 {
            // ss or ss.fraction
            let s = parts[2]
            let pieces = s.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(pieces.count), let whole = digits(pieces[0], 2), whole < 61 else { return nil }
            total += whole
            if pieces.count == 2 {
                guard !pieces[1].isEmpty, pieces[1].allSatisfy(\.isASCIIDigit), let f = Double("0." + pieces[1]) else { return nil }
                total += f
            }
            return total
        }
        guard let s = digits(parts[2], 2), s < 61 else { return nil }
        total += s
        let framePieces = parts[3].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(framePieces.count), let frames = digits(framePieces[0], 2) else { return nil }
        var frameCount = frames
        if framePieces.count == 2 {
            guard let sub = digits(framePieces[1], 1) else { return nil }
            frameCount += sub / subFrameRate
        }
        return total + frameCount / framesPerSecond
    }

    private func offset(_ text: String) -> Double? {
        // A bare number (Apple's lyric TTML) is not TTML either, but can only mean seconds.
        if text.allSatisfy({ $0.isASCIIDigit || $0 == "." }), text.first != ".", text.filter({ $0 == "." }).count <= 1 {
            return Double(text)
        }
        let metrics: [(String, Double)] = [("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1), ("f", 1 / framesPerSecond), ("t", 1 / tickRate)]
        for (suffix, scale) in metrics where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCIIDigit || $0 == "." }), number.first != ".",
                  number.filter({ $0 == "." }).count <= 1, let value = Double(number) else { return nil }
            // Frames and ticks are whole numbers in TTML.
            if suffix == "f" || suffix == "t", number.contains(".") { return nil }
            return value * scale
        }
        return nil
    }
}
