import CaptionModel
import Foundation

/// A profile file: JSON that sets any limit, on top of a built-in profile it `extends` (or of no
/// limits at all). `Styles/check-profile.schema.json` describes it for editors.
///
/// ```json
/// {"extends": "netflix", "name": "netflix-kids", "reading-speed": 17, "min-gap": null}
/// ```
/// Durations are seconds, `min-gap` frames (at `fps`), `reading-speed` in `reading-speed-unit`
/// (`cps` or `wpm`); `null` turns a rule off. The `shot-change-*` fields are frames at the shot
/// changes' rate: `shot-change-snap` (starts and ends nearer a change go onto it), `shot-change-end-gap`
/// (how far before the change an end goes; a number, 0 on it) and `shot-change-crossing` (frames a
/// caption crossing a change shows on each side).
public enum CheckProfileFile {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static let keys = ["$schema", "extends", "name", "line-length", "line-count", "reading-speed", "reading-speed-unit",
                       "min-duration", "max-duration", "min-gap", "fps",
                       "shot-change-snap", "shot-change-end-gap", "shot-change-crossing"]

    /// JSON true/false, which arrive as NSNumber: on Linux `is Bool` holds for the numbers 0 and 1 too
    /// (so `"min-gap": 1` was refused), but only a boolean is stored as a char.
    static func isBoolean(_ value: Any) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    public static func parse(_ data: Data, name file: String) throws(Problem) -> CheckProfile {
        func fail(_ message: String) -> Problem { Problem(message: "\(file): \(message)") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a JSON object (a check profile is {\"extends\": \"netflix\", \"line-length\": 37, ...})")
        }
        for key in object.keys where !keys.contains(key) {
            throw fail("unknown field '\(key)' (known: \(keys.dropFirst().joined(separator: ", ")))")
        }
        var profile = CheckProfile(name: file)
        if let base = object["extends"] {
            guard let name = base as? String, let found = CheckProfile.named(name) else {
                throw fail("extends: '\(base)' is not a built-in profile (\(CheckProfile.builtIn.map(\.name).joined(separator: ", ")))")
            }
            profile = found
        }
        if let name = object["name"] {
            guard let name = name as? String, !name.isEmpty else { throw fail("name: must be a non-empty string") }
            profile.name = name
        } else {
            profile.name = file
        }
        /// A number in a range, nil for JSON null; absent keeps the base's limit.
        func number(_ key: String, _ range: ClosedRange<Double>) throws(Problem) -> Double?? {
            guard let value = object[key] else { return .none }
            if value is NSNull { return .some(nil) }
            guard !isBoolean(value), let n = value as? NSNumber, range.contains(n.doubleValue) else {
                let shown = isBoolean(value) ? ((value as? Bool) == true ? "true" : "false") : "\(value)"
                throw fail("\(key): '\(shown)' must be a number from \(CheckProblem.number(range.lowerBound)) to \(CheckProblem.number(range.upperBound)), or null to turn the rule off")
            }
            return .some(n.doubleValue)
        }
        if let v = try number("line-length", 1...1000) { profile.maxLineLength = v.map { Int($0) } }
        if let v = try number("line-count", 1...100) { profile.maxLines = v.map { Int($0) } }
        if let v = try number("reading-speed", 0.1...10_000) { profile.maxReadingSpeed = v }
        if let v = try number("min-duration", 0...86_400) { profile.minDuration = v.flatMap { CaptionTime.milliseconds(fromSeconds: $0) } }
        if let v = try number("max-duration", 0...86_400) { profile.maxDuration = v.flatMap { CaptionTime.milliseconds(fromSeconds: $0) } }
        if let v = try number("min-gap", 0...1000) { profile.minGapFrames = v.map { Int($0) } }
        if let v = try number("shot-change-snap", 1...1000) { profile.shotChangeSnapFrames = v.map { Int($0) } }
        if let v = try number("shot-change-crossing", 1...1000) { profile.shotChangeCrossingFrames = v.map { Int($0) } }
        if let v = try number("shot-change-end-gap", 0...1000) {
            // Not a rule of its own: where the snap rule puts an end.
            guard let v else { throw fail("shot-change-end-gap: must be a number of frames (0 ends on the shot change); turn the rule off with \"shot-change-snap\": null") }
            profile.shotChangeEndGapFrames = Int(v)
        }
        if let unit = object["reading-speed-unit"] {
            guard let text = unit as? String, let parsed = CheckProfile.SpeedUnit(rawValue: text) else {
                throw fail("reading-speed-unit: '\(unit)' must be \"cps\" (characters a second) or \"wpm\" (words a minute)")
            }
            profile.readingSpeedUnit = parsed
        }
        if let fps = object["fps"] {
            guard let rate = (fps as? NSNumber).map({ FrameRate(parsing: $0.stringValue) }) ?? (fps as? String).map({ FrameRate(parsing: $0) }),
                  let rate else {
                throw fail("fps: '\(fps)' is not a frame rate (25, 23.976, \"30000/1001\")")
            }
            profile.frameRate = rate
        }
        return profile
    }
}
