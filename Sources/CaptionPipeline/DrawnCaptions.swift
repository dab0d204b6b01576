import CaptionModel
import CaptionStyles

/// Pages ready to draw: the document whose events are the prepared pages, and the style they are drawn
/// in (the one `StyledPages.prepare` returned: speakers' palette, landscape look).
public struct DrawnCaptions: Sendable {
    public var document: CaptionDocument
    public var style: CaptionStyle

    public var pages: [CaptionEvent] { document.events }

    public init(document: CaptionDocument, style: CaptionStyle) {
        self.document = document
        self.style = style
    }

    /// Pages already grouped (a document's captions, the studio's edits) prepared for `style`.
    public static func prepare(_ pages: [CaptionEvent], style: CaptionStyle, secondary: [CaptionEvent] = [],
                               stylesheets: [String] = []) -> DrawnCaptions {
        let prepared = StyledPages.prepare(pages, style: style, secondary: secondary, stylesheets: stylesheets)
        var document = CaptionDocument(events: prepared.pages)
        document.stylesheets = stylesheets
        return DrawnCaptions(document: document, style: prepared.style)
    }
}
