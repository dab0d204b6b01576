import CaptionModel

/// The toolkit's shot-change JSON. snake_case keys like the style files; `frame` is the truth and
/// `time` is there for people and tools that think in seconds (read when an entry has no `frame`).
enum ShotChangesJSON {
    static func text(_ changes: ShotChanges) -> String {
        let rate = changes.frameRate
        let rateText = rate.denominator == 1 ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)"
        var out = "{\"frame_rate\": \"\(rateText)\", \"shot_changes\": ["
        for (i, (frame, ms)) in zip(changes.frames, changes.milliseconds).enumerated() {
            out += (i == 0 ? "\n" : ",\n") + "  {\"frame\": \(frame), \"time\": \(ShotChangeLine.seconds(ms))}"
        }
        return out + (changes.isEmpty ? "]}\n" : "\n]}\n")
    }

    static func read(_ text: String, name: String, frameRate: FrameRate) throws -> ShotChanges {
        func fail(_ message: String) -> CaptionFormatError { CaptionFormatError(.malformed, "\(name): \(message)") }
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw fail("line \(error.line), column \(error.column): \(error.message)") }
        guard let object = root.object else { throw fail("not a JSON object (a shot-change file is {\"frame_rate\": \"25\", \"shot_changes\": [...]})") }
        var rate = frameRate
        if let value = object["frame_rate"] {
            let spelled = value.string ?? value.number.map(NumberText.plain)
            guard let spelled, let parsed = FrameRate(parsing: spelled) else {
                throw fail("frame_rate: must be a rate like \"25\", \"29.97\" or \"30000/1001\"")
            }
            rate = parsed
        }
        guard let entries = object["shot_changes"]?.array else { throw fail("shot_changes: missing, or not an array") }
        var frames: [Int] = []
        for (i, entry) in entries.enumerated() {
            let at = "shot_changes[\(i)]"
            if let frame = entry["frame"] {
                guard let n = frame.number, n == n.rounded(), n >= 0, n < 1e12 else { throw fail("\(at).frame: must be a whole number, 0 or more") }
                frames.append(Int(n))
            } else if let time = entry["time"] {
                guard let seconds = time.number, seconds >= 0, let ms = CaptionTime.milliseconds(fromSeconds: seconds) else {
                    throw fail("\(at).time: must be seconds, 0 or more")
                }
                // Refused before it becomes a frame: the frame arithmetic of a time of 9e12 s overflows
                // (found by the shots fuzz target). The same bound as every form's.
                guard seconds < 999_999_999 else { throw fail("\(at).time: more than 999,999,999 s is out of range") }
                frames.append(rate.frame(containing: ms))
            } else {
                throw fail("\(at): an entry needs \"frame\" (or \"time\" in seconds)")
            }
        }
        return ShotChanges(frameRate: rate, frames: frames)
    }
}
