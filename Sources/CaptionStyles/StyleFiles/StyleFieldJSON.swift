import CaptionModel
import Foundation

/// The field table as JSON for tools (the studio's style panel is built from it, so a new field appears
/// there without page changes), and a style written back as a style file.
extension StyleField {
    /// Every field of `fields` with its kind, bounds, choices and children: `{"key", "kind", "nullable",
    /// "minimum", "maximum", "exclusive_minimum", "options", "fields"}`. Seconds and colours are spelt
    /// as a style file spells them.
    public static func tableJSON(_ fields: [StyleField] = all) -> [[String: Any]] {
        fields.map { field in
            var entry: [String: Any] = ["key": field.key, "nullable": field.nullable]
            switch field.kind {
            case .text(let allowsEmpty): entry["kind"] = "text"; entry["allows_empty"] = allowsEmpty
            case .textList: entry["kind"] = "text_list"
            case .patterns: entry["kind"] = "patterns"
            case .speakers(let children): entry["kind"] = "speakers"; entry["fields"] = tableJSON(children)
            case .patch(let children): entry["kind"] = "patch"; entry["fields"] = tableJSON(children)
            case .flag: entry["kind"] = "flag"
            case .integer(let range): entry["kind"] = "integer"; entry["minimum"] = range.lowerBound; entry["maximum"] = range.upperBound
            case .number(let range), .seconds(let range):
                if case .seconds = field.kind { entry["kind"] = "seconds" } else { entry["kind"] = "number" }
                entry["minimum"] = range.minimum; entry["maximum"] = range.maximum
                entry["exclusive_minimum"] = range.minimumIsExclusive
            case .color: entry["kind"] = "color"
            case .choice(let noun, let options): entry["kind"] = "choice"; entry["noun"] = noun; entry["options"] = options
            case .object(let children): entry["kind"] = "object"; entry["fields"] = tableJSON(children)
            }
            return entry
        }
    }

    /// `style` as a complete style file: every field with a value, boxes that are off as `null`. Read
    /// back with `StyleFile(json:)` onto any preset it gives the same style.
    public static func styleJSON(of style: CaptionStyle, fields: [StyleField] = all) -> [String: Any] {
        var object: [String: Any] = [:]
        for field in fields {
            guard let value = field.read(style) else { continue }
            switch (value, field.kind) {
            case (.object, .object(let children)): object[field.key] = styleJSON(of: style, fields: children)
            case (.integer(let ms), .seconds): object[field.key] = Double(ms) / 1000
            default: object[field.key] = value.json
            }
        }
        return object
    }
}

extension StyleValue {
    /// As a style file writes it (seconds are converted by the caller, which knows the field's kind).
    var json: Any {
        switch self {
        case .null: NSNull()
        case .object: [String: Any]()
        case .text(let x): x
        case .textList(let x): x
        case .flag(let x): x
        case .integer(let x): x
        case .number(let x): x
        case .color(let x): x.hexString
        case .speakers(.auto): "auto"
        case .speakers(.styles(let styles)): styles.mapValues(\.json)
        case .patch(let patch): patch.json
        }
    }
}
