import CaptionLayout
import CaptionStyles

/// background-by-word: the boxed word's rounded rectangle as a `\p1` drawing on its own layer, at the
/// rectangle the native painter fills (the word's advance box from line top to bottom, widened to its
/// ink, padded), its top-left corner placed by `\an7\pos`.
struct WordBoxEvents {
    let style: CaptionStyle
    let layout: TextLayout
    let appearances: [WordAppearance]

    static let layer = 1

    func boxes() -> [(Int, String)] {
        guard let box = style.wordBox else { return [] }
        return layout.words.enumerated().compactMap { i, word in
            guard i < appearances.count, appearances[i].boxed else { return nil }
            return (Self.layer, drawing(word, box: box))
        }
    }

    func drawing(_ word: LaidOutWord, box: CaptionStyle.Box) -> String {
        let n = ASSSyntax.number, k = layout.scale
        let rect = word.inkBox.map { word.box.union($0) } ?? word.box
        let x = rect.x - box.paddingX * k, y = rect.y - box.paddingY * k
        let w = rect.width + 2 * box.paddingX * k, h = rect.height + 2 * box.paddingY * k
        let r = min(box.cornerRadius * k, w / 2, h / 2), c = r * 0.4477  // r·(1 − κ), κ ≈ 0.5523 for a quarter circle
        let path = "m \(n(r)) 0 l \(n(w - r)) 0 b \(n(w - c)) 0 \(n(w)) \(n(c)) \(n(w)) \(n(r)) "
            + "l \(n(w)) \(n(h - r)) b \(n(w)) \(n(h - c)) \(n(w - c)) \(n(h)) \(n(w - r)) \(n(h)) "
            + "l \(n(r)) \(n(h)) b \(n(c)) \(n(h)) 0 \(n(h - c)) 0 \(n(h - r)) "
            + "l 0 \(n(r)) b 0 \(n(c)) \(n(c)) 0 \(n(r)) 0"
        return "{\\an7\\pos(\(n(x)),\(n(y)))\\bord0\\shad0\\blur0\\1c\(ASSSyntax.tagColor(box.color))\\1a\(ASSSyntax.transparency(box.color.alpha))\\p1}"
            + path + "{\\p0}"
    }
}
