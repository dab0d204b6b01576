import CaptionModel
import Foundation

/// Part of a style: the values of some fields, applied over a whole style. A speaker's look in
/// `speakers` is one; fields it leaves out keep the value of the style it is applied to.
public struct StylePatch: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        /// Dotted, relative to the patch (`text_color`, `box.padding_x`).
        var path: String
        var value: StyleValue
    }
    var entries: [Entry]

    /// The dotted keys it sets, in the order it sets them.
    public var keys: [String] { entries.map(\.path) }

    /// A patch from a JSON object of style fields, checked as a style file is (`source` names it in
    /// messages).
    public init(json data: Data, source: String) throws {
        entries = try StyleFile(json: data, source: source).values.map { Entry(path: $0.path, value: $0.value) }
    }

    init(entries: [Entry]) { self.entries = entries }

    public func apply(to style: inout CaptionStyle) {
        for entry in entries { StyleField.field(at: entry.path)?.apply(&style, entry.value) }
    }

    public func applied(to style: CaptionStyle) -> CaptionStyle {
        var result = style
        apply(to: &result)
        return result
    }

    /// As a style file writes it.
    var json: [String: Any] {
        var root: [String: Any] = [:]
        for entry in entries {
            let keys = entry.path.split(separator: ".").map(String.init)
            let kind = StyleField.field(at: entry.path)?.kind
            var value: Any = entry.value.json
            if case .integer(let ms) = entry.value, case .seconds? = kind { value = Double(ms) / 1000 }
            root = Self.setting(value, at: keys[...], in: root)
        }
        return root
    }

    private static func setting(_ value: Any, at keys: ArraySlice<String>, in object: [String: Any]) -> [String: Any] {
        var object = object
        guard let key = keys.first else { return object }
        if keys.count == 1 {
            // An object's own entry comes before its fields: keep what is there.
            if value is [String: Any], object[key] is [String: Any] { return object }
            object[key] = value
        } else {
            object[key] = setting(value, at: keys.dropFirst(), in: object[key] as? [String: Any] ?? [:])
        }
        return object
    }
}
