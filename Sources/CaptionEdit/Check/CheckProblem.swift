import CaptionModel

/// One rule broken by one caption: the measured value beside the profile's limit, in the rule's unit
/// (characters, lines, seconds, frames, characters or words a second or minute).
public struct CheckProblem: Sendable, Hashable {
    /// 1-based, in file order.
    public var caption: Int
    public var rule: CheckRule
    public var value: Double
    public var limit: Double
    public var unit: String
    /// For the shot-change rules: the change and where the caption's edge is from it.
    public var shotChange: ShotChangeDistance?

    public init(caption: Int, rule: CheckRule, value: Double, limit: Double, unit: String, shotChange: ShotChangeDistance? = nil) {
        self.caption = caption; self.rule = rule; self.value = value; self.limit = limit; self.unit = unit
        self.shotChange = shotChange
    }

    /// `reading-speed: 24.3 cps (limit 20 cps)`, `min-gap: 1 frame (limit 2 frames)`,
    /// `shot-change-start: starts 7 frames after the shot change at 00:00:12.721 (frame 305) (limit 12 frames: ...)`.
    public var description: String {
        let limitText = "limit \(Self.quantity(limit, unit))"
        guard let near = shotChange else { return "\(rule.rawValue): \(Self.quantity(value, unit)) (\(limitText))" }
        let limit = Int(self.limit)
        let why = switch rule {
        case .shotChangeStart: "a start fewer than \(limit) frames from a shot change goes on it"
        case .shotChangeEnd where near.endGapFrames == 0: "an end fewer than \(limit) frames from a shot change goes on it"
        case .shotChangeEnd: "an end fewer than \(limit) frames from a shot change goes \(Self.quantity(Double(near.endGapFrames), "frames")) before it"
        default: "a caption crossing a shot change shows at least \(limit) frames on each side"
        }
        return "\(rule.rawValue): \(near.phrase) (\(limitText): \(why))"
    }

    static func quantity(_ v: Double, _ unit: String) -> String {
        let number = Self.number(v)
        // "1 frame", "2 frames", "0.8 s"; plural units end in s already in their singular-less forms.
        if unit == "frames" || unit == "characters" || unit == "lines" {
            return "\(number) \(v == 1 ? String(unit.dropLast()) : unit)"
        }
        return "\(number) \(unit)"
    }

    /// At most three decimals, trailing zeros dropped.
    public static func number(_ v: Double) -> String {
        let thousandths = (v * 1000).rounded()
        if thousandths.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int(thousandths / 1000)) }
        var s = String(format3: thousandths / 1000)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// Where a caption's start or end is from the shot change a shot-change problem names.
public struct ShotChangeDistance: Sendable, Hashable {
    public enum Edge: String, Sendable, Hashable { case start, end }

    /// The change's frame (the first of the new shot), at `frameRate`, and the time it is shown from.
    public var frame: Int
    public var time: Milliseconds
    public var edge: Edge
    /// Frames from the change to the edge: negative before it.
    public var offset: Int
    /// For `shot-change-crossing`: the caption shows on both sides of the change.
    public var crosses: Bool
    /// The profile's frames between an end and the change it is snapped to.
    public var endGapFrames: Int

    public init(frame: Int, time: Milliseconds, edge: Edge, offset: Int, crosses: Bool, endGapFrames: Int) {
        self.frame = frame; self.time = time; self.edge = edge; self.offset = offset
        self.crosses = crosses; self.endGapFrames = endGapFrames
    }

    /// `starts 7 frames after the shot change at 00:00:12.721 (frame 305)`, `ends on the shot change at ...`.
    public var phrase: String {
        let verb = edge == .start ? "starts" : "ends"
        let place = offset == 0 ? "on" : "\(CheckProblem.quantity(Double(abs(offset)), "frames")) \(offset < 0 ? "before" : "after")"
        let change = "the shot change at \(Timecode.format(time)) (frame \(frame))"
        return "\(verb) \(place) \(change)" + (crosses && edge == .start ? " and crosses it" : "")
    }
}

extension String {
    init(format3 value: Double) {
        let negative = value < 0
        let t = Int((abs(value) * 1000).rounded())
        let fraction = String(t % 1000)
        self = (negative ? "-" : "") + "\(t / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
