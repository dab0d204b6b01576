/// A named style as subtitle formats carry it: an ASS `[V4+ Styles]` row (or an SSA `[V4 Styles]` row),
/// every field of it. Unset fields inherit: a writer gives them its own defaults. A style read from
/// ASS or SSA has every field set to what libass reads from the row (a missing or unreadable field is
/// libass's value for it), so writing it back draws the same.
public struct NamedStyle: Sendable, Hashable {
    public var name: String
    public var fontFamily: String?
    public var fontSize: Double?
    public var primaryColor: RGBAColor?
    /// The karaoke colour before the highlight (ASS SecondaryColour).
    public var secondaryColor: RGBAColor?
    public var outlineColor: RGBAColor?
    /// The shadow's colour, and the box's with BorderStyle 3.
    public var backColor: RGBAColor?
    public var bold: Bool?
    public var italic: Bool?
    public var underline: Bool?
    public var strikeout: Bool?
    /// Percent (100 is the font's own width or height).
    public var scaleX: Double?
    public var scaleY: Double?
    /// Extra space between letters, in script pixels.
    public var spacing: Double?
    /// Rotation about the z axis in degrees, counter-clockwise.
    public var angle: Double?
    /// 1: outline and drop shadow; 3: an opaque box behind the text (libass also reads 4 as a box
    /// around the whole event).
    public var borderStyle: Int?
    public var outlineWidth: Double?
    public var shadowDepth: Double?
    /// Numeric-keypad alignment.
    public var anchor: Int?
    /// Margins in script pixels: left, right, and vertical (the bottom or top one, by alignment).
    public var marginLeft: Int?
    public var marginRight: Int?
    public var marginVertical: Int?
    /// The font's character set (1 default, 0 ANSI, 128 Shift-JIS...); libass ignores it.
    public var encoding: Int?
    /// SSA v4 only: TertiaryColour and AlphaLevel, kept as read. libass ignores both (it draws an SSA
    /// outline in BackColour), and so does the ASS written from an SSA file.
    public var tertiaryColor: RGBAColor?
    public var alphaLevel: Int?

    public init(name: String) { self.name = name }
}
