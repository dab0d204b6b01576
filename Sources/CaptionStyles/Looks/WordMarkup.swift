import CaptionModel

/// What a caption's markup says of one word (SRT `<i> <b> <u> <s> <font color face size>`, WebVTT
/// `<i> <b> <u>`, TTML `tts:fontStyle`, `tts:fontWeight`, `tts:textDecoration`, `tts:color`,
/// `tts:fontSize`, ASS `\i \b \u \s \c \fn`):
/// a span that covers any of the word's characters marks the whole word, as the layout and the
/// compiled ASS place text a word at a time.
public struct WordMarkup: Sendable, Hashable {
    public var italic = false
    public var bold = false
    public var underline = false
    public var strikethrough = false
    /// The text colour a colour span gives the word; the karaoke highlight still takes it over.
    public var color: RGBAColor?
    /// The font family a face span names (`<font face>`, `\fn`): the layout resolves it through
    /// fontconfig as it resolves the style's.
    public var fontFamily: String?
    /// The size relative to the style's (`<font size>`, `tts:fontSize`); nested spans multiply.
    public var fontScale: Double?

    public init() {}

    /// True when the word is drawn as the style says.
    public var isEmpty: Bool { self == WordMarkup() }

    /// Takes the look a span gives (kinds that say nothing of the look change nothing).
    mutating func add(_ kind: TextSpan.Kind) {
        switch kind {
        case .italic: italic = true
        case .bold: bold = true
        case .underline: underline = true
        case .strikethrough: strikethrough = true
        case .color(let c): color = c
        case .classes(let classes):
            for name in classes { if let c = Self.webVTTColors[name] { color = c } }
        case .fontFace(let family): fontFamily = family
        case .fontScale(let k): fontScale = (fontScale ?? 1) * k
        case .voice, .language, .ruby, .rubyText: break
        }
    }

    /// WebVTT's default text colour classes (`<c.yellow>`), as the specification's user agent style
    /// sheet gives them and browsers draw them.
    static let webVTTColors: [String: RGBAColor] = [
        "white": RGBAColor(red: 255, green: 255, blue: 255), "lime": RGBAColor(red: 0, green: 255, blue: 0),
        "cyan": RGBAColor(red: 0, green: 255, blue: 255), "red": RGBAColor(red: 255, green: 0, blue: 0),
        "yellow": RGBAColor(red: 255, green: 255, blue: 0), "magenta": RGBAColor(red: 255, green: 0, blue: 255),
        "blue": RGBAColor(red: 0, green: 0, blue: 255), "black": RGBAColor(red: 0, green: 0, blue: 0),
    ]
}
