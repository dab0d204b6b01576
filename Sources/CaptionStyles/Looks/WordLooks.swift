import CaptionModel

/// The style each word of a page is drawn in: the page's style, then the word's speaker's style
/// (in a page that mixes speakers, each word keeps its own speaker's colours), then its markup's
/// colour (`<font color>`, `tts:color`), then the emphasis colours for an emphasised word. Karaoke modes take a word's colours from its style, so every
/// mode works with speakers and emphasis alike.
public struct WordLooks: Sendable {
    public let styles: [CaptionStyle]
    public let emphasized: [Bool]

    public init(words: [TimedWord], style: CaptionStyle) {
        emphasized = EmphasisMatch.emphasized(words, by: style.emphasis)
        var speakerStyles: [String: StylePatch] = [:]
        if case .styles(let map)? = style.speakers { speakerStyles = map }
        guard !speakerStyles.isEmpty || emphasized.contains(true) || words.contains(where: { $0.markup.color != nil }) else {
            styles = Array(repeating: style, count: words.count)
            return
        }
        styles = words.indices.map { [emphasized] i in
            var s = style
            if let speaker = words[i].speaker, let patch = speakerStyles[speaker] { patch.apply(to: &s) }
            if let color = words[i].markup.color { s.textColor = color }
            if emphasized[i] {
                if let color = style.emphasis.color { s.textColor = color }
                if let color = style.emphasis.highlightColor { s.highlightColor = color }
            }
            return s
        }
    }
}

extension CaptionStyle {
    /// The style a page with these words is laid out and drawn in: the secondary block's for a page of
    /// the secondary track (`SecondaryCaptions`), else this one (with room kept for the secondary
    /// block when one is shown) and the page's speaker's style.
    public func forPage(_ page: CaptionEvent, words: [TimedWord]) -> CaptionStyle {
        guard showsSecondary else { return forPage(words) }
        return SecondaryCaptions.isSecondary(page) ? secondaryStyle : mainWithSecondary.forPage(words)
    }

    /// The style of a main page without a speaker style: this one, with room kept for secondary
    /// captions when they are shown.
    public var mainPageStyle: CaptionStyle { showsSecondary ? mainWithSecondary : self }

    /// This style with the style of the page's speaker (its first word that has one) applied, when
    /// `speakers` names it.
    public func forPage(_ words: [TimedWord]) -> CaptionStyle {
        guard case .styles(let map)? = speakers, let speaker = words.lazy.compactMap(\.speaker).first,
              let patch = map[speaker] else { return self }
        return patch.applied(to: self)
    }
}
