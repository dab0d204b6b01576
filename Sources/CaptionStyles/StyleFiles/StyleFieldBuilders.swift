import CaptionModel

/// Where a field's value lives in a `CaptionStyle`: read (nil when it has none, as a box's field while
/// the box is off) and written.
struct StyleAccess<T>: Sendable {
    let get: @Sendable (CaptionStyle) -> T?
    let set: @Sendable (inout CaptionStyle, T) -> Void

    static func at(_ path: WritableKeyPath<CaptionStyle, T> & Sendable) -> StyleAccess {
        StyleAccess(get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
    }

    /// A field of an optional box: absent while the box is off, and written only into a box that is on
    /// (the object's `prepare` switches it on first).
    static func inBox(_ box: WritableKeyPath<CaptionStyle, CaptionStyle.Box?> & Sendable,
                      _ path: WritableKeyPath<CaptionStyle.Box, T> & Sendable) -> StyleAccess {
        StyleAccess(get: { $0[keyPath: box]?[keyPath: path] },
                    set: { style, value in if style[keyPath: box] != nil { style[keyPath: box]![keyPath: path] = value } })
    }
}

// Builders that keep the table short: each turns a checked value into a typed write, and the style's
// value back into what a style file says.
extension StyleField {
    /// A key a file may hold that sets nothing (`$schema`, `extends`).
    static func ignored(_ key: String) -> StyleField {
        StyleField(key: key, kind: .text(allowsEmpty: true), nullable: false, apply: { _, _ in }, read: { _ in nil })
    }

    static func text(_ key: String, allowsEmpty: Bool = false, _ access: StyleAccess<String>) -> StyleField {
        StyleField(key: key, kind: .text(allowsEmpty: allowsEmpty), nullable: false,
                   apply: { s, v in if case .text(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.text) })
    }

    static func optionalText(_ key: String, _ access: StyleAccess<String?>) -> StyleField {
        StyleField(key: key, kind: .text(allowsEmpty: false), nullable: true,
                   apply: { s, v in if case .text(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.text) ?? .null } })
    }

    static func textList(_ key: String, _ access: StyleAccess<[String]>) -> StyleField {
        StyleField(key: key, kind: .textList, nullable: false,
                   apply: { s, v in if case .textList(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.textList) })
    }

    static func flag(_ key: String, _ access: StyleAccess<Bool>) -> StyleField {
        StyleField(key: key, kind: .flag, nullable: false,
                   apply: { s, v in if case .flag(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.flag) })
    }

    static func integer(_ key: String, _ range: ClosedRange<Int>, _ access: StyleAccess<Int>) -> StyleField {
        StyleField(key: key, kind: .integer(range), nullable: false,
                   apply: { s, v in if case .integer(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.integer) })
    }

    static func optionalInteger(_ key: String, _ range: ClosedRange<Int>, _ access: StyleAccess<Int?>) -> StyleField {
        StyleField(key: key, kind: .integer(range), nullable: true,
                   apply: { s, v in if case .integer(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.integer) ?? .null } })
    }

    static func number(_ key: String, _ range: NumberRange, _ access: StyleAccess<Double>) -> StyleField {
        StyleField(key: key, kind: .number(range), nullable: false,
                   apply: { s, v in if case .number(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.number) })
    }

    static func seconds(_ key: String, _ range: NumberRange, _ access: StyleAccess<Milliseconds>) -> StyleField {
        StyleField(key: key, kind: .seconds(range), nullable: false,
                   apply: { s, v in if case .integer(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.integer) })
    }

    static func optionalSeconds(_ key: String, _ range: NumberRange, _ access: StyleAccess<Milliseconds?>) -> StyleField {
        StyleField(key: key, kind: .seconds(range), nullable: true,
                   apply: { s, v in if case .integer(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.integer) ?? .null } })
    }

    static func color(_ key: String, _ access: StyleAccess<RGBAColor>) -> StyleField {
        StyleField(key: key, kind: .color, nullable: false,
                   apply: { s, v in if case .color(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.color) })
    }

    static func optionalColor(_ key: String, _ access: StyleAccess<RGBAColor?>) -> StyleField {
        StyleField(key: key, kind: .color, nullable: true,
                   apply: { s, v in if case .color(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.color) ?? .null } })
    }

    /// A list of regular expressions, each compiled when the file is read.
    static func patterns(_ key: String, _ access: StyleAccess<[String]>) -> StyleField {
        StyleField(key: key, kind: .patterns, nullable: false,
                   apply: { s, v in if case .textList(let x) = v { access.set(&s, x) } },
                   read: { access.get($0).map(StyleValue.textList) })
    }

    /// `"auto"`, a map from speaker label to a partial style of `fields`, or null.
    static func speakers(_ key: String, _ fields: [StyleField], _ access: StyleAccess<CaptionStyle.Speakers?>) -> StyleField {
        StyleField(key: key, kind: .speakers(fields), nullable: true,
                   apply: { s, v in if case .speakers(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.speakers) ?? .null } })
    }

    /// A partial style of `fields`, or null.
    static func patch(_ key: String, _ fields: [StyleField], _ access: StyleAccess<StylePatch?>) -> StyleField {
        StyleField(key: key, kind: .patch(fields), nullable: true,
                   apply: { s, v in if case .patch(let x) = v { access.set(&s, x) } else if case .null = v { access.set(&s, nil) } },
                   read: { access.get($0).map { $0.map(StyleValue.patch) ?? .null } })
    }

    static func choice<T: RawRepresentable & Sendable>(_ key: String, noun: String, _ cases: [T], _ access: StyleAccess<T>) -> StyleField
    where T.RawValue == String {
        StyleField(key: key, kind: .choice(noun: noun, options: cases.map(\.rawValue)), nullable: false,
                   apply: { s, v in if case .text(let x) = v, let value = T(rawValue: x) { access.set(&s, value) } },
                   read: { access.get($0).map { .text($0.rawValue) } })
    }

    /// An object whose fields are applied after `prepare` (which may create an optional box, or clear
    /// it when the file says `null`); `isPresent` tells whether the style has it (a box that is on).
    static func object(_ key: String, nullable: Bool = false, _ fields: [StyleField],
                       prepare: @escaping @Sendable (inout CaptionStyle, Bool) -> Void = { _, _ in },
                       isPresent: @escaping @Sendable (CaptionStyle) -> Bool = { _ in true }) -> StyleField {
        StyleField(key: key, kind: .object(fields), nullable: nullable,
                   apply: { s, v in if case .null = v { prepare(&s, false) } else { prepare(&s, true) } },
                   read: { isPresent($0) ? .object : .null })
    }
}
