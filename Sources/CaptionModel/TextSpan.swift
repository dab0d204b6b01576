/// A styled stretch of an event's plain text: `start..<end` are UTF-8 offsets into `CaptionText.plain`.
/// Spans may nest and overlap; their order is the order their opening tags appeared in.
public struct TextSpan: Sendable, Hashable {
    public var start: Int
    public var end: Int
    public var kind: Kind

    public init(start: Int, end: Int, kind: Kind) {
        self.start = start; self.end = end; self.kind = kind
    }

    public enum Kind: Sendable, Hashable {
        case bold, italic, underline, strikethrough
        case color(RGBAColor)
        case fontFace(String)
        /// A size relative to the cue's own (1 = unchanged): SRT `<font size="N">` is N/16, 16 being
        /// the size players give a plain SRT line (ffmpeg's and libass's SRT style); TTML
        /// `tts:fontSize="150%"` is 1.5.
        case fontScale(Double)
        /// WebVTT `<v Speaker>`.
        case voice(String)
        /// WebVTT `<c.a.b>` (and the classes on any other tag).
        case classes([String])
        /// WebVTT `<lang xx>`.
        case language(String)
        /// WebVTT `<ruby>` and its `<rt>` annotation.
        case ruby, rubyText
    }
}
