import CaptionModel

/// The styling TTML text can carry into the model: the `tts:` attributes in effect on a piece of
/// text, after referenced styles, inline attributes and inheritance from its ancestors.
struct TTMLStyle: Equatable {
    var attributes: [String: String] = [:]
    /// The computed font size relative to TTML's default (1c): a percentage is of the parent's.
    var fontScale = 1.0
    /// The height of one cell in the root's pixels (its pixel `tts:extent` over `ttp:cellResolution`'s
    /// rows), which a size in pixels is measured against; nil when the root gives no pixel extent.
    var pixelsPerCell: Double?

    /// The `tts:` attributes the model keeps (as spans) or maps (regions to placement).
    static let mapped: Set<String> = ["tts:color", "tts:fontStyle", "tts:fontWeight", "tts:textDecoration", "tts:fontFamily", "tts:fontSize",
                                      "tts:origin", "tts:extent", "tts:displayAlign", "tts:textAlign", "tts:display"]
    /// Applied to regions, not to text (TTML does not inherit them into content).
    static let regionOnly: Set<String> = ["tts:origin", "tts:extent", "tts:displayAlign"]

    /// This style with `element`'s referenced styles and then its own `tts:` attributes on top.
    func applying(_ element: XMLElement, styles: [String: [String: String]]) -> TTMLStyle {
        var result = self
        var size: String?
        for id in (element["style"] ?? "").split(separator: " ") {
            for (k, v) in styles[String(id)] ?? [:] { result.attributes[k] = v }
            size = styles[String(id)]?["tts:fontSize"] ?? size
        }
        for (k, v) in element.attributes where k.hasPrefix("tts:") { result.attributes[k] = v }
        if let text = element["tts:fontSize"] ?? size,
           let scale = Self.fontScale(text, parent: fontScale, pixelsPerCell: pixelsPerCell) { result.fontScale = scale }
        return result
    }

    /// `tts:fontSize` against TTML's default of 1c: `150%` of the parent's size, `2c` (cells; of two
    /// values, the second, the height), `48px` against the cell's height in the root's pixels; nil for
    /// pixels without a root pixel extent and anything else (the size stays).
    static func fontScale(_ text: String, parent: Double, pixelsPerCell: Double? = nil) -> Double? {
        guard let last = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).last else { return nil }
        let value: Double?, scale: Double
        if last.hasSuffix("%") { value = Double(last.dropLast()); scale = (value ?? 0) / 100 * parent }
        else if last.hasSuffix("px"), let cell = pixelsPerCell { value = Double(last.dropLast(2)); scale = (value ?? 0) / cell }
        else if last.hasSuffix("c") { value = Double(last.dropLast()); scale = value ?? 0 }
        else { return nil }
        guard value != nil, scale.isFinite, scale > 0, scale <= 20 else { return nil }
        return scale
    }

    /// The first family `tts:fontFamily` names, as fontconfig knows it: TTML's generic families as
    /// fontconfig's (`proportionalSansSerif` is `sans-serif`); nil for `default`.
    var fontFamily: String? {
        guard let list = attributes["tts:fontFamily"],
              let first = list.split(separator: ",").first?.trimmingWhitespace.trimmingCharacters(in: ["\"", "'"]), !first.isEmpty else { return nil }
        switch first {
        case "default": return nil
        case "sansSerif", "proportionalSansSerif": return "sans-serif"
        case "serif", "proportionalSerif": return "serif"
        case "monospace", "monospaceSansSerif", "monospaceSerif": return "monospace"
        default: return first
        }
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
