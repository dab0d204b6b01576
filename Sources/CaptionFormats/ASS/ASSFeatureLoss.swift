import CaptionModel

/// What of a script read from ASS or SSA the other formats' writers can map, and what they cannot
/// hold, by kind: override tags by family, the Dialogue fields (Layer, Name, margins, Effect), the
/// named styles' fields, empty lines, Comment lines and the sections kept verbatim. Built once per
/// document by each writer; only events read from ASS (`event.ass != nil`) are ever looked at, so
/// other documents pay for building it (a look at the metadata and styles) and nothing per event.
struct ASSFeatureLoss: Sendable {
    /// What a format holds of an ASS event beyond its plain text and the spans the model has.
    struct Holds: OptionSet, Sendable {
        let rawValue: Int
        /// `\an`, `\pos` and the style's Alignment (as cue settings, regions, `{\an}`).
        static let placement = Holds(rawValue: 1 << 0)
        /// The style's bold, italic, underline, strikeout and text colour, as spans over the whole text.
        static let styleLooks = Holds(rawValue: 1 << 1)
        /// The Name field, as WebVTT's `<v Name>`.
        static let speakerNames = Holds(rawValue: 1 << 2)
        /// `\k` times as word times: what is lost is only the karaoke effects beyond them (`\kf \ko \K`).
        /// Without it the writer's own "word timings" note covers every `\k`.
        static let wordTimes = Holds(rawValue: 1 << 3)
        /// The Text field as written (the toolkit's JSON `source_text`): no override tag is lost.
        static let overrideTags = Holds(rawValue: 1 << 4)
    }

    /// Families of override tags the model has no place for, each reported as one kind. The tags the
    /// model holds (`\b \i \u \s \c \1c \fn \an \a \pos \k`) are spans, placement and words, which the
    /// writers map or report themselves.
    static let tagFamilies: [(kind: String, tags: Set<String>)] = [
        ("\\t animations", ["t"]),
        ("fades (\\fad, \\fade)", ["fad", "fade"]),
        ("movements (\\move)", ["move"]),
        ("rotation and shearing (\\frx \\fry \\frz \\fr \\fax \\fay \\org)", ["frx", "fry", "frz", "fr", "fax", "fay", "org"]),
        ("clipping (\\clip, \\iclip)", ["clip", "iclip"]),
        ("drawings (\\p; their commands are not text and are left out)", ["p", "pbo"]),
        ("borders, shadows and blur (\\bord \\shad \\blur \\be, x and y forms)", ["bord", "xbord", "ybord", "shad", "xshad", "yshad", "blur", "be"]),
        ("font sizes, scaling and letter spacing (\\fs \\fscx \\fscy \\fsp)", ["fs", "fscx", "fscy", "fsp"]),
        ("transparency (\\alpha, \\1a-\\4a)", ["alpha", "1a", "2a", "3a", "4a"]),
        ("karaoke, outline and shadow colours (\\2c \\3c \\4c)", ["2c", "3c", "4c"]),
        ("wrapping styles (\\q)", ["q"]),
        ("font encodings (\\fe)", ["fe"]),
    ]
    static let karaokeEffects = (kind: "karaoke sweeps and outline highlights beyond word times (\\kf \\ko \\K \\kt)",
                                 tags: Set(["kf", "ko", "K", "kt"]))
    static let styleSwitches = "switches to another style (\\r with a style name)"
    /// Lines a format cannot have inside a cue, and how the loss reads.
    enum EmptyLines: Sendable {
        /// Kept (TTML's `<br/><br/>` is fine).
        case keep
        /// Empty lines dropped: WebVTT, where only an empty line ends a cue (a line of spaces is text).
        case dropEmpty
        /// Empty lines and lines of only white space dropped: SRT, whose readers mostly trim a line
        /// before asking whether it is the blank line that ends the cue.
        case dropBlank

        var kind: String {
            self == .dropBlank ? "empty and white-space-only lines inside an event (\\N\\N, a leading or trailing \\N)"
                               : "empty lines inside an event (\\N\\N, a leading or trailing \\N)"
        }
    }

    /// Script pixels `\pos` counts in: the script's PlayResX/PlayResY (`ASSWriter.playRes`; libass's
    /// 384x288 when it gives neither).
    let playResX: Int, playResY: Int

    /// A named style as the writers need it: its alignment, the spans its looks become, and the kinds of
    /// what no writer here holds.
    struct Style: Sendable {
        var anchor: Int?
        /// Bold, italic, underline, strikeout and text colour, each with the tags whose presence in the
        /// text keeps it from being one span over everything (the text switches it itself).
        var looks: [(kind: TextSpan.Kind, tags: Set<String>)] = []
        /// Always lost: fonts, sizes, outline, shadow, margins; boxes, scaling, rotation, transparency where set.
        var lost: [String] = []
    }
    private let styles: [String: Style]
    /// The style libass uses for an event naming none it knows: Default, else the first.
    private let fallback: Style?

    /// True for a document read from ASS or SSA (or holding events read from one): the writers that
    /// look at events only for this skip the look for every other document.
    static func applies(to document: CaptionDocument) -> Bool {
        document.assScript != nil || document.events.first?.ass != nil
    }

    static let styleBasics = "styles' fonts, sizes, outlines, shadows and margins"
    static let styleLooks = "styles' bold, italic, underline, strikeout and text colour"
    static let styleAlignment = "styles' alignment (Alignment other than bottom centre)"

    init(_ document: CaptionDocument) {
        let given = { (key: String) in document.metadata.contains { $0.key.lowercased() == key } }
        if document.assScript != nil, !given("playresx"), !given("playresy") {
            (playResX, playResY) = ASSWriter.libassPlayRes
        } else {
            (playResX, playResY) = ASSWriter.playRes(document.metadata)
        }
        // libass looks a name up from the last style back: a later row of the same name wins.
        var styles: [String: Style] = [:]
        for named in document.styles { styles[named.name] = Self.style(named) }
        self.styles = styles
        fallback = styles["Default"] ?? document.styles.first.map(Self.style)
    }

    private static func style(_ s: NamedStyle) -> Style {
        var style = Style()
        style.anchor = s.anchor
        if s.bold == true { style.looks.append((.bold, ["b", "r"])) }
        if s.italic == true { style.looks.append((.italic, ["i", "r"])) }
        if s.underline == true { style.looks.append((.underline, ["u", "r"])) }
        if s.strikeout == true { style.looks.append((.strikethrough, ["s", "r"])) }
        if let c = s.primaryColor, c.red != 255 || c.green != 255 || c.blue != 255 {
            style.looks.append((.color(RGBAColor(red: c.red, green: c.green, blue: c.blue)), ["c", "1c", "r"]))
        }
        style.lost.append(styleBasics)
        if s.borderStyle == 3 || s.borderStyle == 4 { style.lost.append("styles' opaque boxes (BorderStyle 3)") }
        if (s.scaleX ?? 100) != 100 || (s.scaleY ?? 100) != 100 || (s.spacing ?? 0) != 0 || (s.angle ?? 0) != 0 {
            style.lost.append("styles' scaling, spacing and angle (ScaleX, ScaleY, Spacing, Angle)")
        }
        if let alpha = s.primaryColor?.alpha, alpha != 255 { style.lost.append("styles' transparent text (PrimaryColour's alpha)") }
        return style
    }

    /// The style an event is drawn with: its own when the document has it, else libass's fallback.
    func style(of event: CaptionEvent) -> Style? {
        event.style.flatMap { styles[$0] } ?? fallback
    }

    /// Where libass puts the event: its `\an` (or `\a`), else its style's Alignment. Nil for an event not
    /// read from ASS (its own placement says it all).
    func anchor(of event: CaptionEvent) -> Int? {
        guard event.ass != nil else { return nil }
        return event.placement?.anchor ?? style(of: event)?.anchor
    }

    /// A numeric-keypad anchor (nil or out of range: 2, bottom centre) as column (0 left, 1 centre,
    /// 2 right) and row (0 bottom, 1 middle, 2 top): how WebVTT settings and TTML regions place it.
    static func grid(_ anchor: Int?) -> (column: Int, row: Int) {
        let a = anchor.flatMap { (1...9).contains($0) ? $0 : nil } ?? 2
        return ((a - 1) % 3, (a - 1) / 3)
    }

    /// A `\pos` coordinate in percent of the script's size, to the hundredth, within 0...100 (a point
    /// off screen is put on its edge).
    static func percent(_ value: Double, of total: Int) -> Double {
        guard total > 0, value.isFinite else { return 0 }
        return min(100, max(0, (value / Double(total) * 10_000).rounded() / 100))
    }

    // MARK: - What is lost

    /// Notes each kind of what `holds` leaves out of an event read from ASS; `lost.event` must be set.
    func note(_ event: CaptionEvent, _ fields: ASSEventFields, holds: Holds, into lost: inout LostFeatures) {
        note(event, fields, holds: holds, source: event.sourceText, names: Self.tagNames(event), into: &lost)
    }

    /// `note`, and the text as the format should hold it (`text(of:...)`): what a writer that maps text calls.
    func convert(_ event: CaptionEvent, _ fields: ASSEventFields, holds: Holds, emptyLines: EmptyLines,
                 lost: inout LostFeatures) -> CaptionText? {
        let source = event.sourceText, names = Self.tagNames(event)
        note(event, fields, holds: holds, source: source, names: names, into: &lost)
        return text(of: event, holds: holds, names: names, emptyLines: emptyLines, lost: &lost)
    }

    /// The override tags the event's Text field uses (none without a brace: most events).
    private static func tagNames(_ event: CaptionEvent) -> [String] {
        let source = event.sourceStoredText
        return source.withUTF8 { $0.contains(0x7B) } ? ASSOverrides.tagNames(in: source.string) : []
    }

    private func note(_ event: CaptionEvent, _ fields: ASSEventFields, holds: Holds, source: @autoclosure () -> String,
                      names: [String], into lost: inout LostFeatures) {
        if !holds.contains(.overrideTags), !names.isEmpty {
            for family in Self.tagFamilies where names.contains(where: family.tags.contains) { lost.note(family.kind) }
            if holds.contains(.wordTimes), names.contains(where: Self.karaokeEffects.tags.contains) { lost.note(Self.karaokeEffects.kind) }
            if names.contains("r"), Self.switchesStyle(source()) { lost.note(Self.styleSwitches) }
        }
        if fields.layer != 0 { lost.note("layers other than 0 (the Layer field)") }
        if fields.marginLeft != 0 || fields.marginRight != 0 || fields.marginVertical != 0 {
            lost.note("per-event margins (MarginL, MarginR, MarginV)")
        }
        if !fields.effect.isEmpty { lost.note("effects (the Effect field: Banner, Scroll...)") }
        if !fields.name.isEmpty, !holds.contains(.speakerNames) { lost.note("speaker names (the Name field)") }
        guard let style = style(of: event) else { return }
        for kind in style.lost { lost.note(kind) }
        if !style.looks.isEmpty, !holds.contains(.styleLooks) { lost.note(Self.styleLooks) }
        if !holds.contains(.placement), event.placement?.anchor == nil, let anchor = style.anchor, anchor != 2 {
            lost.note(Self.styleAlignment)
        }
    }

    /// True when a `\r` names a style (`{\rSign}`): a bare `\r` resets to the event's own style, which
    /// the spans already say.
    static func switchesStyle(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        while let slash = bytes.firstIndex(of: 0x5C) {
            bytes = bytes[bytes.index(after: slash)...]
            guard bytes.first == 0x72, let next = bytes.dropFirst().first else { continue }  // r
            if next != 0x5C && next != 0x7D && next != 0x20 { return true }
        }
        return false
    }

    /// What an ASS script holds beyond its events that the format leaves out: Comment and other
    /// `[Events]` lines, the sections kept verbatim, and `[Script Info]` lines other than `keptKeys`
    /// (lower case). PlayResX and PlayResY are not reported when the format holds placement: positions
    /// were converted with them. ScriptType never is: it names the input's format.
    static func noteScript(_ document: CaptionDocument, keptKeys: Set<String>, holds: Holds, into lost: inout LostFeatures) {
        guard let script = document.assScript else { return }
        var unused: Set<String> = ["scripttype"]
        if holds.contains(.placement) { unused.formUnion(["playresx", "playresy"]) }
        let keys = document.metadata.map(\.key).filter { !keptKeys.contains($0.lowercased()) && !unused.contains($0.lowercased()) }
        if !keys.isEmpty { lost.note("[Script Info] keys \(keys.joined(separator: ", "))", count: keys.count) }
        lost.note("[Script Info] comment lines", count: script.infoComments.count)
        let comments = script.otherEvents.filter { $0.value.type == "Comment" }.count
        lost.note("Comment lines", count: comments)
        lost.note("Picture, Sound, Movie and Command lines", count: script.otherEvents.count - comments)
        for section in script.sections {
            guard case .verbatim(let header, let lines) = section else { continue }
            switch header.lowercased() {
            case "[fonts]": lost.note("embedded fonts ([Fonts])", count: lines.filter { $0.lowercased().hasPrefix("fontname:") }.count)
            case "[graphics]": lost.note("embedded pictures ([Graphics])", count: lines.filter { $0.lowercased().hasPrefix("filename:") }.count)
            default: lost.note("\(header) sections", count: 1)
            }
        }
    }

    // MARK: - Text

    /// An event's text as another format should hold it (`names`: the tags its Text field uses): its style's looks as spans over all of it
    /// (with `.styleLooks`; where the text does not switch them itself, else noted as lost), and
    /// without the lines `emptyLines` says the format cannot have. Nil when that is the event's own text.
    ///
    /// Why such lines are dropped rather than kept as a line holding a no-break space: a blank line
    /// ends an SRT cue in most readers and a WebVTT cue in all, and a line of only U+00A0 is white space
    /// to the `\s` and `trim()` of JavaScript, Python and .NET, which many SRT readers find cue ends
    /// with. What goes is the gap libass draws there, reported as a kind.
    private func text(of event: CaptionEvent, holds: Holds, names: [String], emptyLines: EmptyLines,
                      lost: inout LostFeatures) -> CaptionText? {
        var looks: [TextSpan] = []
        if holds.contains(.styleLooks), let style = style(of: event), !style.looks.isEmpty {
            let count = Int(event.plainText.utf8Count)
            for look in style.looks {
                if names.contains(where: look.tags.contains) { lost.note(Self.styleLooks); continue }
                if count > 0 { looks.append(TextSpan(start: 0, end: count, kind: look.kind)) }
            }
        }
        var text: CaptionText?
        if !looks.isEmpty { text = CaptionText(plain: event.plainText.string, spans: looks + event.spans) }
        if emptyLines != .keep, let trimmed = Self.withoutEmptyLines(text ?? event.text, whiteSpace: emptyLines == .dropBlank) {
            lost.note(emptyLines.kind)
            text = trimmed
        }
        return text
    }

    /// The text without its empty lines (with `whiteSpace`, also those of only spaces, tabs and no-break
    /// spaces), spans moved with the bytes they cover; nil when it has none.
    static func withoutEmptyLines(_ text: CaptionText, whiteSpace: Bool) -> CaptionText? {
        let bytes = Array(text.plain.utf8)
        guard !bytes.isEmpty else { return nil }  // an empty event has no lines to drop
        var removed: [Range<Int>] = []
        var lineStart = 0, keptAny = false
        for end in bytes.indices.filter({ bytes[$0] == 0x0A }) + [bytes.count] {
            if end == lineStart || (whiteSpace && isBlank(bytes[lineStart..<end])) {
                // The line and one line break: the one before it, or (before any kept line) the one after.
                removed.append(keptAny ? (lineStart - 1)..<end : lineStart..<min(end + 1, bytes.count))
            } else {
                keptAny = true
            }
            lineStart = end + 1
        }
        guard !removed.isEmpty else { return nil }
        // An offset's place once the removed ranges before it are gone.
        func moved(_ offset: Int) -> Int {
            var shift = 0
            for r in removed where r.lowerBound < offset { shift += min(r.upperBound, offset) - r.lowerBound }
            return offset - shift
        }
        var plain: [UInt8] = []
        plain.reserveCapacity(bytes.count)
        var cursor = 0
        for r in removed {
            if r.lowerBound > cursor { plain += bytes[cursor..<r.lowerBound] }
            cursor = max(cursor, r.upperBound)
        }
        if cursor < bytes.count { plain += bytes[cursor...] }
        let spans = text.spans.compactMap { span -> TextSpan? in
            let start = moved(span.start), end = moved(span.end)
            return start < end ? TextSpan(start: start, end: end, kind: span.kind) : nil
        }
        return CaptionText(plain: String(decoding: plain, as: UTF8.self), spans: spans)
    }

    /// Empty, or only spaces, tabs and U+00A0 (`\h`, UTF-8 C2 A0).
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        var i = line.startIndex
        while i < line.endIndex {
            switch line[i] {
            case 0x20, 0x09: i += 1
            case 0xC2 where i + 1 < line.endIndex && line[i + 1] == 0xA0: i += 2
            default: return false
            }
        }
        return true
    }
}
