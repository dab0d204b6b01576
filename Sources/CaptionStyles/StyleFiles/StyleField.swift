import CaptionModel

/// One key a style file may set: its JSON name, the values it takes, and how it changes a style.
///
/// `StyleField.all` (in `StyleFieldTable.swift`) is the single list of keys: the loader checks files
/// against it, "did you mean" hints come from it, and tests hold the JSON Schema and the README to it.
public struct StyleField: Sendable {
    public enum Kind: Sendable {
        case text(allowsEmpty: Bool)
        case textList
        /// A list of regular expressions (ICU syntax, as `NSRegularExpression` reads them).
        case patterns
        /// `"auto"` or an object from speaker label to a partial style made of these fields.
        case speakers([StyleField])
        /// A partial style made of these fields (`landscape`), or null.
        case patch([StyleField])
        case flag
        case integer(ClosedRange<Int>)
        case number(NumberRange)
        /// Seconds in the file, integer milliseconds in `CaptionStyle` (the toolkit's one rounding rule).
        case seconds(NumberRange)
        /// `#RRGGBB` or `#RRGGBBAA`.
        case color
        /// One of a fixed set of names; `noun` makes the error readable ("unknown karaoke mode").
        case choice(noun: String, options: [String])
        case object([StyleField])
    }

    public let key: String
    public let kind: Kind
    /// Whether `null` is accepted: it clears an optional setting (no box, no word limit, no font file).
    public let nullable: Bool
    /// Called with a value that passed the checks (`.object` before the object's own fields, so a box
    /// can be created before its padding is set).
    let apply: @Sendable (inout CaptionStyle, StyleValue) -> Void
    /// The style's value for this key, as `apply` takes it: `.object` for a present object, `.null` for an
    /// absent optional one, and nil when the key has no value (`$schema`, `extends`, a box's field while
    /// the box is off).
    let read: @Sendable (CaptionStyle) -> StyleValue?
}

/// The allowed range of a number; the same bounds appear in the JSON Schema.
public struct NumberRange: Sendable, Equatable {
    public var minimum: Double
    public var maximum: Double
    /// True when the minimum itself is not allowed (a font size of 0).
    public var minimumIsExclusive: Bool

    init(_ range: ClosedRange<Double>) { minimum = range.lowerBound; maximum = range.upperBound; minimumIsExclusive = false }
    static func above(_ minimum: Double, upTo maximum: Double) -> NumberRange {
        var range = NumberRange(minimum...maximum)
        range.minimumIsExclusive = true
        return range
    }

    func contains(_ x: Double) -> Bool {
        (minimumIsExclusive ? x > minimum : x >= minimum) && x <= maximum
    }
}

/// A value that passed its field's checks, ready to apply.
enum StyleValue: Sendable, Hashable {
    case null, object
    case text(String), textList([String]), flag(Bool), integer(Int), number(Double), color(RGBAColor)
    case speakers(CaptionStyle.Speakers)
    case patch(StylePatch)
}

extension StyleField {
    /// Every dotted key path (`box.padding_x`), objects included, in table order.
    public static func paths(of fields: [StyleField] = all, prefix: String = "") -> [String] {
        fields.flatMap { field -> [String] in
            let path = prefix + field.key
            if case .object(let children) = field.kind { return [path] + paths(of: children, prefix: path + ".") }
            return [path]
        }
    }

    /// The field at a dotted path, for tests and tools.
    public static func field(at path: String) -> StyleField? {
        var fields = all
        var found: StyleField?
        for key in path.split(separator: ".") {
            guard let field = fields.first(where: { $0.key == key }) else { return nil }
            found = field
            if case .object(let children) = field.kind { fields = children } else { fields = [] }
        }
        return found
    }
}
