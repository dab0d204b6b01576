import CaptionModel
import Foundation

/// A profile file: JSON that sets any limit, on top of a built-in profile it `extends` (or of no
/// limits at all). `Styles/check-profile.schema.json` describes it for editors.
///
/// ```json
/// {"extends": "netflix", "name": "netflix-kids", "reading-speed": 17, "min-gap": null}
/// ```
/// Durations are seconds, `min-gap` frames (at `fps`), `reading-speed` in `reading-speed-unit`
/// (`cps` or `wpm`); `null` turns a rule off.
public enum CheckProfileFile {
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    static let keys = ["$schema", "extends", "name", "line-length", "line-count", "reading-speed", "reading-speed-unit",
                       "min-duration", "max-duration", "min-gap", "fps"]

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
            // JSON true/false also arrive as NSNumber on Linux: the value must not be a Bool.
            guard !(value is Bool), let n = value as? NSNumber, range.contains(n.doubleValue) else {
                let shown = (value as? Bool).map { $0 ? "true" : "false" } ?? "\(value)"
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
