import CaptionEdit
import CaptionModel

/// Keeps a caption the page edited consistent: its words spell its text and lie inside its interval.
enum CaptionEditing {
    /// A caption whose text was edited has the new text aligned onto its old words (`TranscriptAlignment`:
    /// matched words keep their times, changed and inserted ones take their neighbours'); one whose
    /// edges were dragged has its words pulled inside the new interval. Untouched captions come back
    /// as they were. Captions without words (subtitles) have none to keep.
    static func reconcile(_ event: CaptionEvent) -> CaptionEvent {
        guard !event.words.isEmpty else { return event }
        let tokens = event.text.plain.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var result = event
        if tokens == event.words.map(\.text) {
            result.words = event.words.map { word in
                var w = word
                w.start = min(max(w.start, event.start), event.end)
                w.end = min(max(w.end, w.start), event.end)
                return w
            }
        } else if tokens.isEmpty {
            result.words = []
        } else {
            result.words = TranscriptAlignment.align(captions: CaptionDocument(events: [event]), onto: event.words).document.events[0].words
        }
        return result
    }
}
