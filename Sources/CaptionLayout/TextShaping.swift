/// Which of libass's two shapers the native layout and painter follow.
///
/// libass lays text out one of two ways. Its default, the complex shaper (HarfBuzz), is what mpv,
/// Aegisub, `ffmpeg -vf ass=` and the toolkit's compiled ASS use: glyphs chosen and joined by the
/// font's tables, advances hinted to whole pixels at libass's 256 px reference size. ffmpeg's `-vf
/// subtitles=` filter never sets a shaper, so every burn made with it (and with the tools built on
/// it) uses the simple shaper: one glyph per character from the font's character map (Arabic joined
/// and brackets mirrored by FriBidi's shaping), unhinted advances, no kerning, no ligatures. On a line of Latin text the two put glyphs up to a pixel
/// apart, which no renderer can draw alike for both (libass's own two shapers measure 29 dB apart on
/// a 64 px line).
public enum TextShaping: String, Sendable, Hashable, CaseIterable {
    /// libass's complex shaper: what players show. The default.
    case complex
    /// libass's simple shaper, as `ffmpeg -vf subtitles=` draws a subtitle file: glyphs and advances
    /// as above, and the glyphs of each line's runs of one look placed on the 1/8 px grid together,
    /// as libass places one event's style runs (where the compiled ASS gives every word its own event).
    case simple
}
