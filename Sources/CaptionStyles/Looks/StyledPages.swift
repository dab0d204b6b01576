import CaptionModel

/// What a style does to the caption pages before any renderer sees them: with `emphasis.markup`,
/// `*word*` becomes a bold span (the asterisks removed from the text and the words); with
/// `"speakers": "auto"`, the palette is assigned to the pages' speakers in order of first
/// appearance; secondary captions (`--secondary`) join the pages, marked, and the style keeps room
/// for them (`SecondaryCaptions`). Every command that draws or compiles captions calls this once.
public enum StyledPages {
    /// The pages and the style as every renderer and the ASS compiler must receive them.
    ///
    /// - Parameters:
    ///   - pages: The caption pages (paged word timings, or a subtitle file's events).
    ///   - style: The style they are drawn in (a preset, perhaps with a style file on top).
    ///   - secondary: Captions shown as a second block in the style's `secondary` look (a translation).
    ///   - stylesheets: The document's WebVTT `STYLE` blocks: what their rules say of the cues' markup
    ///     is drawn (`CueStylesheet`).
    /// - Returns: The pages (markup read, secondary captions merged in time order) and the style to
    ///   draw them in (speakers' colours assigned, room kept for secondary captions). Draw and compile
    ///   with the returned style, not the one passed in.
    public static func prepare(_ pages: [CaptionEvent], style: CaptionStyle,
                               secondary: [CaptionEvent] = [], stylesheets: [String] = []) -> (pages: [CaptionEvent], style: CaptionStyle) {
        var pages = pages, style = style
        if !stylesheets.isEmpty {
            let sheet = CueStylesheet(stylesheets)
            if !sheet.isEmpty { pages = pages.map(sheet.apply) }
        }
        if style.emphasis.markup { pages = pages.map(AsteriskMarkup.read) }
        if style.speakers == .auto {
            style.speakers = .styles(SpeakerPalette.styles(for: SpeakerPalette.speakers(in: pages), style: style))
        }
        if !secondary.isEmpty {
            style.showsSecondary = true
            // In time order (stable: a main page before a secondary one starting with it).
            pages = (pages + SecondaryCaptions.marked(secondary)).enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        }
        return (pages, style)
    }
}

/// `*word*` and `*a few words*` in a caption's text: the asterisks go, a bold span covers what was
/// between them. A pair must hold something, within one line, with no space just inside either
/// asterisk ("2 * 3 * 4" is left alone).
enum AsteriskMarkup {
    static func read(_ event: CaptionEvent) -> CaptionEvent {
        let bytes = Array(event.text.plain.utf8)
        guard bytes.contains(asterisk) else { return event }
        var removed: [Int] = []   // offsets of the asterisks taken out, ascending
        var bold: [(Int, Int)] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == asterisk, i + 1 < bytes.count, !isSpace(bytes[i + 1]),
               let close = bytes[(i + 1)...].firstIndex(where: { $0 == asterisk || $0 == newline }),
               bytes[close] == asterisk, close > i + 1, !isSpace(bytes[close - 1]) {
                removed += [i, close]
                bold.append((i, close))
                i = close + 1
            } else {
                i += 1
            }
        }
        guard !removed.isEmpty else { return event }
        // An offset moves left by the asterisks removed before it.
        func shifted(_ offset: Int) -> Int { offset - removed.filter { $0 < offset }.count }
        let kept = bytes.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        let spans = event.spans.map { TextSpan(start: shifted($0.start), end: shifted($0.end), kind: $0.kind) }
            + bold.map { TextSpan(start: shifted($0.0 + 1), end: shifted($0.1), kind: .bold) }
        var result = event
        result.text = CaptionText(plain: String(decoding: kept, as: UTF8.self), spans: spans)
        if !event.words.isEmpty {
            result.words = event.words.map { word in
                var word = word
                let trimmed = word.text.drop { $0 == "*" }.reversed().drop { $0 == "*" }.reversed()
                if !trimmed.isEmpty { word.text = String(trimmed) }
                return word
            }
        }
        return result
    }

    static let asterisk = UInt8(ascii: "*"), newline = UInt8(ascii: "\n")
    static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == newline }
}
