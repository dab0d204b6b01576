/// One rule broken by one caption: the measured value beside the profile's limit, in the rule's unit
/// (characters, lines, seconds, frames, characters or words a second or minute).
public struct CheckProblem: Sendable, Hashable {
    /// 1-based, in file order.
    public var caption: Int
    public var rule: CheckRule
    public var value: Double
    public var limit: Double
    public var unit: String

    public init(caption: Int, rule: CheckRule, value: Double, limit: Double, unit: String) {
        self.caption = caption; self.rule = rule; self.value = value; self.limit = limit; self.unit = unit
    }

    /// `reading-speed: 24.3 cps (limit 20 cps)`, `min-gap: 1 frame (limit 2 frames)`.
    public var description: String {
        "\(rule.rawValue): \(Self.quantity(value, unit)) (limit \(Self.quantity(limit, unit)))"
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

extension String {
    init(format3 value: Double) {
        let negative = value < 0
        let t = Int((abs(value) * 1000).rounded())
        let fraction = String(t % 1000)
        self = (negative ? "-" : "") + "\(t / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
