import CaptionLayout
import CaptionModel
import CaptionStyles

/// The one warning when captions with emoji go to ASS (or through libass) in a style that draws emoji
/// in colour: libass cannot draw colour glyphs, so there they stay in the monochrome fallback.
public enum ColorEmojiWarning {
    public static func message(_ pages: [CaptionEvent], style: CaptionStyle) -> String? {
        guard style.emojiFont != nil, pages.contains(where: { $0.text.plain.contains(where: ColorEmojiFont.isEmoji) }) else { return nil }
        return "captions: warning: libass cannot draw colour emoji: the ASS draws them in the monochrome fallback font (the native renderer draws them in colour)"
    }
}
