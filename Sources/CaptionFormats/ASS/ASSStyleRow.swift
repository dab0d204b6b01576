import CaptionModel

/// A `Style:` row read as libass reads it: each column named by the section's Format line, every
/// field given the value libass would use (a missing column is 0, but for ScaleX/ScaleY 100, the name
/// Default and the font Arial), negative sizes clamped as libass clamps them.
enum ASSStyleRow {
    /// The standard Format lines (lower case, as columns are compared).
    static let assFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour", "backcolour",
                            "bold", "italic", "underline", "strikeout", "scalex", "scaley", "spacing", "angle",
                            "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr", "marginv", "encoding"]
    static let ssaFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "tertiarycolour", "backcolour",
                            "bold", "italic", "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr", "marginv",
                            "alphalevel", "encoding"]

    /// The style a row describes; `ssa` for a `[V4 Styles]` row (SSA's alignment numbering and colours,
    /// as libass reads them).
    static func read(_ parts: [Substring], format: [String], ssa: Bool) -> NamedStyle {
        var field: [String: String] = [:]
        for (name, part) in zip(format, parts) { field[name] = part.assTrimming(" \t") }
        func int(_ key: String) -> Int { field[key].map(ASSHeaderValues.int) ?? 0 }
        func double(_ key: String) -> Double { field[key].map(ASSHeaderValues.double) ?? 0 }
        func color(_ key: String) -> RGBAColor { field[key].map(ASSHeaderValues.color) ?? RGBAColor(red: 0, green: 0, blue: 0) }

        var style = NamedStyle(name: field["name"].map { String($0.drop { $0 == "*" }) } ?? "Default")
        style.fontFamily = field["fontname"] ?? "Arial"
        style.fontSize = double("fontsize")
        style.primaryColor = color("primarycolour")
        style.secondaryColor = color("secondarycolour")
        style.backColor = color("backcolour")
        style.outlineColor = color("outlinecolour")
        if ssa {
            // libass, after VSFilter: an SSA outline is drawn in BackColour; AlphaLevel is the
            // transparency of the text, karaoke and outline colours; the shadow is always half
            // transparent (0x80). TertiaryColour is never read.
            let transparency = UInt8(clamping: Int(Int32(bitPattern: ASSHeaderValues.integer(field["alphalevel"] ?? "0"))))
            func withTransparency(_ c: RGBAColor?, _ t: UInt8) -> RGBAColor? { c.map { RGBAColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 255 - t) } }
            // libass sets the outline to BackColour when it reads that column; an OutlineColour
            // column after it (a custom Format line) sets it again.
            let outlineColumn = format.lastIndex(of: "outlinecolour"), backColumn = format.lastIndex(of: "backcolour")
            let outline = outlineColumn.map { o in backColumn.map { o > $0 } ?? true } == true ? style.outlineColor : style.backColor
            style.outlineColor = withTransparency(outline, transparency)
            style.primaryColor = withTransparency(style.primaryColor, transparency)
            style.secondaryColor = withTransparency(style.secondaryColor, transparency)
            style.backColor = withTransparency(style.backColor, 0x80)
            style.tertiaryColor = field["tertiarycolour"].map(ASSHeaderValues.color)
            style.alphaLevel = field["alphalevel"].map(ASSHeaderValues.int)
        }
        style.bold = int("bold") != 0
        style.italic = int("italic") != 0
        style.underline = int("underline") != 0
        style.strikeout = int("strikeout") != 0
        style.scaleX = max(0, field["scalex"].map(ASSHeaderValues.double) ?? 100)
        style.scaleY = max(0, field["scaley"].map(ASSHeaderValues.double) ?? 100)
        style.spacing = max(0, double("spacing"))
        style.angle = double("angle")
        style.borderStyle = int("borderstyle")
        style.outlineWidth = max(0, double("outline"))
        style.shadowDepth = max(0, double("shadow"))
        let alignment = int("alignment")
        style.anchor = ssa ? ssaAlignment(alignment) : alignment
        style.marginLeft = int("marginl")
        style.marginRight = int("marginr")
        style.marginVertical = int("marginv")
        style.encoding = int("encoding")
        return style
    }

    /// SSA's alignment (1-3 bottom, +4 top, +8 middle) as the numeric-keypad one, with libass's
    /// VSFilter compatibility (8 is bottom right, 4 middle right). Any other value with no column is centred.
    static func ssaAlignment(_ value: Int) -> Int {
        // 0 (what a Format line without Alignment gives) has no column in either numbering; libass reads
        // an ASS 0 as the same legacy 0, so it stays 0.
        if value == 0 { return 0 }
        let legacy = value == 8 ? 3 : (value == 4 ? 11 : value)
        let column = legacy & 3 == 0 ? 2 : legacy & 3
        if legacy & 4 != 0 { return 6 + column }
        if legacy & 8 != 0 { return 3 + column }
        return column
    }
}
