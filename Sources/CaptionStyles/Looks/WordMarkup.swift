import CaptionModel

/// What a caption's markup says of one word (SRT `<i> <b> <u> <s> <font color>`, WebVTT `<i> <b> <u>`,
/// TTML `tts:fontStyle`, `tts:fontWeight`, `tts:textDecoration`, `tts:color`, ASS `\i \b \u \s \c`):
/// a span that covers any of the word's characters marks the whole word, as the layout and the
/// compiled ASS place text a word at a time.
public struct WordMarkup: Sendable, Hashable {
    public var italic = false
    public var bold = false
    public var underline = false
    public var strikethrough = false
    /// The text colour a colour span gives the word; the karaoke highlight still takes it over.
    public var color: RGBAColor?

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
        case .fontFace, .voice, .language, .ruby, .rubyText: break
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
