import CaptionLayout
import CaptionModel
import CaptionStyles

/// background-by-word and emphasis boxes: the boxed word's rounded rectangle as a `\p1` drawing on its own layer, at the
/// rectangle the native painter fills (the word's advance box from line top to bottom, widened to its
/// ink, padded).
struct WordBoxEvents {
    let style: CaptionStyle
    let layout: TextLayout
    let appearances: [WordAppearance]
    /// The event's start as libass sees it (ms), for a fading word's `\t`.
    let eventStart: Milliseconds

    func boxes() -> [(Int, String)] {
        layout.words.enumerated().compactMap { i, word in
            guard i < appearances.count, let box = appearances[i].box else { return nil }
            let rect = word.inkBox.map { word.box.union($0) } ?? word.box
            var drawing = RoundedBoxDrawing(around: rect, box: box, scale: layout.scale)
            if let fade = appearances[i].fade {
                // Fading in with its word (`LibassFade`).
                drawing.tags = "\\1a&HFF&\\t(\(fade.from - eventStart),\(fade.to - eventStart),\\1a\(ASSSyntax.transparency(box.color.alpha)))"
            }
            return (ASSLayer.wordBox, drawing.text)
        }
    }
}
