import CaptionModel

/// One repair `check --fix` made.
public struct CheckFix: Sendable, Hashable, CustomStringConvertible {
    /// 1-based, in file order.
    public var caption: Int
    /// The rule the repair answers.
    public var rule: CheckRule
    public var change: String

    public var description: String { "\(rule.rawValue): \(change)" }
}
