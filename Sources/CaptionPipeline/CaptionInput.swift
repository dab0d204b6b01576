import CaptionFormats
import CaptionModel
import CaptionStyles

/// Captions as read, on their way to a document to write or to pages to draw: the one place the
/// toolkit decides paging and styling, for every command and the studio.
///
/// - A document to write (`convert`, `retime`, `sync`, `check`, `mux`'s text tracks, closed captions):
///   `document(paging:overrides:)`.
/// - Pages to draw (`render`, `burn`, `overlay`, `verify`, `golden`, PGS, compiled ASS, the studio):
///   `drawn(in:overrides:secondary:)`.
public struct CaptionInput: Sendable {
    public var document: CaptionDocument
    /// The input was a speech-to-text tool's word timings: its words are always paged into captions.
    public var wordTimed: Bool

    public init(document: CaptionDocument, wordTimed: Bool) {
        self.document = document
        self.wordTimed = wordTimed
    }

    /// What a reader returned.
    public init(_ read: ParseResult) {
        self.init(document: read.document, wordTimed: read.wordTimedSource != nil)
    }

    /// The captions as a document: a speech-to-text tool's words grouped into captions by `paging`
    /// (the defaults, or a style's) under `overrides`; any other input's words too when overrides were
    /// given; captions without words as read.
    public func document(paging: PagingOptions = PagingOptions(), overrides: PagingOverrides = PagingOverrides()) -> CaptionDocument {
        CaptionPager.pages(of: document, wordTimed: wordTimed, asked: overrides.isSet, options: overrides.applied(to: paging))
    }

    /// The captions to draw in `style`: paged by the style's paging under `overrides`, then prepared
    /// for it (`StyledPages.prepare`: markup, speakers, emphasis, the file's `STYLE` rules, `secondary`).
    public func drawn(in style: CaptionStyle, overrides: PagingOverrides = PagingOverrides(), secondary: [CaptionEvent] = []) -> DrawnCaptions {
        var paged = document(paging: style.paging, overrides: overrides)
        let prepared = StyledPages.prepare(paged.events, style: style, secondary: secondary, stylesheets: paged.stylesheets)
        paged.events = prepared.pages
        return DrawnCaptions(document: paged, style: prepared.style)
    }

    /// What draws the captions: an ASS or SSA script with no restyling asked for (no preset or style,
    /// no paging flag, no secondary captions) keeps its own look, drawn by libass as players draw it;
    /// any other input is drawn in `style` (`drawn(in:overrides:secondary:)`).
    public func look(in style: CaptionStyle, restyled: Bool, overrides: PagingOverrides = PagingOverrides(),
                     secondary: [CaptionEvent] = []) -> CaptionLook {
        if keepsOwnLook(restyled: restyled, overrides: overrides, secondary: !secondary.isEmpty) { return .ownScript(document) }
        return .styled(drawn(in: style, overrides: overrides, secondary: secondary))
    }

    /// Whether the input is a script that keeps its own look under these requests.
    public func keepsOwnLook(restyled: Bool, overrides: PagingOverrides, secondary: Bool) -> Bool {
        document.assScript != nil && !restyled && !overrides.isSet && !secondary
    }

    /// A second caption file's captions (a translation) for `style`'s secondary block: a speech-to-text
    /// tool's words paged with the block's lines.
    public func secondaryPages(for style: CaptionStyle) -> [CaptionEvent] {
        var options = style.paging
        options.maxLines = style.secondary.lines
        return document(paging: options).events
    }
}
