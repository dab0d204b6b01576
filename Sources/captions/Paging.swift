import CaptionModel
import CaptionStyles

enum Paging {
    /// Regroups every word of the document into caption pages (`CaptionPager.page`).
    static func apply(_ options: PagingOptions, to document: CaptionDocument) -> CaptionDocument {
        CaptionPager.page(document, options: options)
    }
}
