import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo

/// An input read once (warnings reported) and paged per style: `verify --all-presets` pages the same
/// words with each preset's paging defaults, as `StyledInputOptions.load` does for one style.
struct CaptionInput {
    let path: String
    let document: CaptionDocument
    let wordTimed: Bool

    init(path: String, format: String?, track: TrackSelection = TrackSelection()) throws {
        let result = try CaptionSource.read(path: path, format: format, track: track)
        try Diagnostics.report(result.diagnostics, source: path, strict: false)
        self.path = path
        document = result.document
        wordTimed = result.wordTimedSource != nil
    }

    /// The caption pages in `style`: a speech-to-text tool's words (or any words, when a paging flag
    /// was given) grouped by the style's paging defaults under the flags, and prepared for the style
    /// (`StyledPages.prepare`), which gives the style they are drawn in.
    func pages(in style: CaptionStyle, paging: PagingFlags, secondary: [CaptionEvent] = []) -> (pages: [CaptionEvent], style: CaptionStyle) {
        let pages = CaptionPager.pages(of: document, wordTimed: wordTimed, asked: paging.isSet, options: paging.options(base: style.paging)).events
        return StyledPages.prepare(pages, style: style, secondary: secondary, stylesheets: document.stylesheets)
    }
}
