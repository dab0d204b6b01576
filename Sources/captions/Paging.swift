import CaptionModel
import CaptionStyles

enum Paging {
    /// Regroups every word of the document into caption pages; a document without word timings is
    /// returned as it is (there is nothing to page).
    static func apply(_ options: PagingOptions, to document: CaptionDocument) -> CaptionDocument {
        let words = document.events.flatMap(\.words)
        guard !words.isEmpty else { return document }
        var paged = document
        paged.events = CaptionPager.page(words, options: options)
        return paged
    }
}
