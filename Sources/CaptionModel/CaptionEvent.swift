/// One caption: a time interval, its text, the text as it stood in the input, and optionally an id,
/// placement, a named style and word timings.
public struct CaptionEvent: Sendable, Hashable {
    public var start: Milliseconds
    public var end: Milliseconds
    public var text: CaptionText {
        // The source text is stored only when it differs from the plain text; keep it when the plain text changes.
        willSet {
            let old = text.plain
            if details?.value.sourceText == nil, newValue.plain != old { update { $0.sourceText = old } }
        }
        didSet {
            let plain = text.plain
            if details?.value.sourceText == plain { update { $0.sourceText = nil } }
        }
    }
    // Everything else lives behind one shared, copy-on-write reference that most cues leave nil, so a
    // cue without markup costs its times and one string (48 bytes plus the text).
    private var details: DetailsBox?

    public init(start: Milliseconds, end: Milliseconds, text: CaptionText, sourceText: String? = nil,
                words: [Word] = [], id: String? = nil, settings: String? = nil,
                placement: CuePlacement? = nil, style: String? = nil) {
        self.start = start
        self.end = end
        self.text = text
        let details = Details(sourceText: sourceText == text.plain ? nil : sourceText, words: words,
                              id: id, settings: settings, placement: placement, style: style)
        self.details = details.isEmpty ? nil : DetailsBox(details)
    }

    public var duration: Milliseconds { end - start }

    /// The cue text exactly as in the input (markup and entities kept, lines joined by `\n`).
    public var sourceText: String {
        get { details?.value.sourceText ?? text.plain }
        set { let plain = text.plain; update { $0.sourceText = newValue == plain ? nil : newValue } }
    }
    /// Word timings, in order; empty when the input has none.
    public var words: [Word] {
        get { details?.value.words ?? [] }
        set { update { $0.words = newValue } }
    }

    /// The cue identifier (WebVTT cue id, ASS name); nil when the input gave none.
    public var id: String? {
        get { details?.value.id }
        set { update { $0.id = newValue } }
    }
    /// WebVTT's cue settings string exactly as written (`line:0 align:start`).
    public var settings: String? {
        get { details?.value.settings }
        set { update { $0.settings = newValue } }
    }
    public var placement: CuePlacement? {
        get { details?.value.placement }
        set { update { $0.placement = newValue } }
    }
    /// The name of a style in the document's `styles`.
    public var style: String? {
        get { details?.value.style }
        set { update { $0.style = newValue } }
    }

    private mutating func update(_ change: (inout Details) -> Void) {
        var value = details?.value ?? Details()
        change(&value)
        details = value.isEmpty ? nil : DetailsBox(value)
    }

    struct Details: Sendable, Hashable {
        var sourceText: String?
        var words: [Word] = []
        var id: String?
        var settings: String?
        var placement: CuePlacement?
        var style: String?
        var isEmpty: Bool {
            sourceText == nil && words.isEmpty && id == nil && settings == nil && placement == nil && style == nil
        }
    }

    final class DetailsBox: Sendable, Hashable {
        let value: Details
        init(_ value: Details) { self.value = value }
        static func == (a: DetailsBox, b: DetailsBox) -> Bool { a === b || a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }
}
