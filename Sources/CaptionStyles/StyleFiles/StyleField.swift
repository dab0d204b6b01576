import CaptionModel

/// One key a style file may set: its JSON name, the values it takes, and how it changes a style.
///
/// `StyleField.all` (in `StyleFieldTable.swift`) is the single list of keys: the loader checks files
/// against it, "did you mean" hints come from it, and tests hold the JSON Schema and the README to it.
public struct StyleField: Sendable {
    public enum Kind: Sendable {
        case text(allowsEmpty: Bool)
        case textList
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
enum StyleValue: Sendable {
    case null, object
    case text(String), textList([String]), flag(Bool), integer(Int), number(Double), color(RGBAColor)
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

// Builders that keep the table short: each turns a checked value into a typed setter call.
extension StyleField {
    typealias Setter<T> = @Sendable (inout CaptionStyle, T) -> Void

    static func text(_ key: String, allowsEmpty: Bool = false, _ set: @escaping Setter<String>) -> StyleField {
        StyleField(key: key, kind: .text(allowsEmpty: allowsEmpty), nullable: false) { s, v in
            if case .text(let x) = v { set(&s, x) }
        }
    }

    static func optionalText(_ key: String, _ set: @escaping Setter<String?>) -> StyleField {
        StyleField(key: key, kind: .text(allowsEmpty: false), nullable: true) { s, v in
            if case .text(let x) = v { set(&s, x) } else if case .null = v { set(&s, nil) }
        }
    }

    static func textList(_ key: String, _ set: @escaping Setter<[String]>) -> StyleField {
        StyleField(key: key, kind: .textList, nullable: false) { s, v in
            if case .textList(let x) = v { set(&s, x) }
        }
    }

    static func flag(_ key: String, _ set: @escaping Setter<Bool>) -> StyleField {
        StyleField(key: key, kind: .flag, nullable: false) { s, v in
            if case .flag(let x) = v { set(&s, x) }
        }
    }

    static func integer(_ key: String, _ range: ClosedRange<Int>, _ set: @escaping Setter<Int>) -> StyleField {
        StyleField(key: key, kind: .integer(range), nullable: false) { s, v in
            if case .integer(let x) = v { set(&s, x) }
        }
    }

    static func optionalInteger(_ key: String, _ range: ClosedRange<Int>, _ set: @escaping Setter<Int?>) -> StyleField {
        StyleField(key: key, kind: .integer(range), nullable: true) { s, v in
            if case .integer(let x) = v { set(&s, x) } else if case .null = v { set(&s, nil) }
        }
    }

    static func number(_ key: String, _ range: NumberRange, _ set: @escaping Setter<Double>) -> StyleField {
        StyleField(key: key, kind: .number(range), nullable: false) { s, v in
            if case .number(let x) = v { set(&s, x) }
        }
    }

    static func seconds(_ key: String, _ range: NumberRange, _ set: @escaping Setter<Milliseconds>) -> StyleField {
        StyleField(key: key, kind: .seconds(range), nullable: false) { s, v in
            if case .integer(let x) = v { set(&s, x) }
        }
    }

    static func optionalSeconds(_ key: String, _ range: NumberRange, _ set: @escaping Setter<Milliseconds?>) -> StyleField {
        StyleField(key: key, kind: .seconds(range), nullable: true) { s, v in
            if case .integer(let x) = v { set(&s, x) } else if case .null = v { set(&s, nil) }
        }
    }

    static func color(_ key: String, _ set: @escaping Setter<RGBAColor>) -> StyleField {
        StyleField(key: key, kind: .color, nullable: false) { s, v in
            if case .color(let x) = v { set(&s, x) }
        }
    }

    static func choice<T: RawRepresentable & Sendable>(_ key: String, noun: String, _ cases: [T], _ set: @escaping Setter<T>) -> StyleField
    where T.RawValue == String {
        StyleField(key: key, kind: .choice(noun: noun, options: cases.map(\.rawValue)), nullable: false) { s, v in
            if case .text(let x) = v, let value = T(rawValue: x) { set(&s, value) }
        }
    }

    /// An object whose fields are applied after `prepare` (which may create an optional box, or clear
    /// it when the file says `null`).
    static func object(_ key: String, nullable: Bool = false, _ fields: [StyleField],
                       prepare: @escaping Setter<Bool> = { _, _ in }) -> StyleField {
        StyleField(key: key, kind: .object(fields), nullable: nullable) { s, v in
            if case .null = v { prepare(&s, false) } else { prepare(&s, true) }
        }
    }
}
