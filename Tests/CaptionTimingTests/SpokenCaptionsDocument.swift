import CaptionModel
import CaptionTestSupport

extension SpokenCaptions {
    /// The true cues as a caption document.
    var document: CaptionDocument { Self.document(of: truth) }

    /// Cues (the truth, or the truth retimed by a `CaptionTimingRule`) as a caption document.
    static func document(of cues: [Cue]) -> CaptionDocument {
        CaptionDocument(events: cues.map { CaptionEvent(start: $0.start, end: $0.end, text: CaptionText(plain: $0.text)) })
    }
}
