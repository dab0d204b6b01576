import CaptionModel

/// The styling TTML text can carry into the model: the `tts:` attributes in effect on a piece of
/// text, after referenced styles, inline attributes and inheritance from its ancestors.
struct TTMLStyle: Equatable {
    var attributes: [String: String] = [:]

    /// The `tts:` attributes the model keeps (as spans) or maps (regions to placement).
    static let mapped: Set<String> = ["tts:color", "tts:fontStyle", "tts:fontWeight", "tts:textDecoration",
                                      "tts:origin", "tts:extent", "tts:displayAlign", "tts:textAlign", "tts:display"]
    /// Applied to regions, not to text (TTML does not inherit them into content).
    static let regionOnly: Set<String> = ["tts:origin", "tts:extent", "tts:displayAlign"]

    /// This style with `element`'s referenced styles and then its own `tts:` attributes on top.
    func applying(_ element: XMLElement, styles: [String: [String: String]]) -> TTMLStyle {
        var result = self
        for id in (element["style"] ?? "").split(separator: " ") {
            for (k, v) in styles[String(id)] ?? [:] { result.attributes[k] = v }
        }
        for (k, v) in element.attributes where k.hasPrefix("tts:") { result.attributes[k] = v }
        return result
    }

    var isItalic: Bool { ["italic", "oblique"].contains(attributes["tts:fontStyle"]?.trimmingWhitespace ?? "") }
    var isBold: Bool { attributes["tts:fontWeight"]?.trimmingWhitespace == "bold" }
    var isUnderlined: Bool { decorates("underline") }
    /// `lineThrough`: TTML's strikeout.
    var isStruckThrough: Bool { decorates("lineThrough") }

    /// Whether `tts:textDecoration` names `keyword` among its keywords.
    private func decorates(_ keyword: Substring) -> Bool {
        attributes["tts:textDecoration"]?.split(separator: " ").contains(keyword) ?? false
    }

    /// The text colour, when one is set and it is not plain white (the default every player draws).
    var color: RGBAColor? {
        guard let text = attributes["tts:color"], let color = TTMLStyle.parseColor(text) else { return nil }
        return color == .white ? nil : color
    }

    /// `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)` or a named colour.
    static func parseColor(_ text: String) -> RGBAColor? {
        let t = text.trimmingWhitespace
        if t.hasPrefix("rgb") {
            guard let open = t.firstIndex(of: "("), let close = t.lastIndex(of: ")") else { return nil }
            let values = t[t.index(after: open)..<close].split(separator: ",").compactMap { Int($0.trimmingWhitespace) }
            guard values.count == 3 || values.count == 4, values.allSatisfy({ (0...255).contains($0) }) else { return nil }
            return RGBAColor(red: UInt8(values[0]), green: UInt8(values[1]), blue: UInt8(values[2]), alpha: UInt8(values.count == 4 ? values[3] : 255))
        }
        if t == "transparent" { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        return RGBAColor(parsing: t)
    }

    /// TTML's spelling of a colour: `#rrggbb` or `#rrggbbaa`.
    static func format(_ c: RGBAColor) -> String { c.hexString }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
