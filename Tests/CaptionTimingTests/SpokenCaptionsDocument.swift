import CaptionModel
import CaptionTestSupport

extension SpokenCaptions {
    /// The true cues as a caption document.
    var document: CaptionDocument {
        CaptionDocument(events: truth.map { CaptionEvent(start: $0.start, end: $0.end, text: CaptionText(plain: $0.text)) })
    }
}
