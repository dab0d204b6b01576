/// One caption: a time interval, its text, the text as it stood in the input, and optionally an id,
/// placement, a named style and word timings.
///
/// Memory layout: a cue without markup is its two times, an optional id, its text as `StoredText`
/// (shared by `text.plain` and `sourceText`; readers put many cues' text in one allocation) and a nil
/// reference: 56 bytes plus the text's bytes. Everything else (spans, a differing source text, words,
/// settings, style, placement) lives behind one copy-on-write reference. Parsing 100,000 cues in less
/// memory than twice the file depends on this.
public struct CaptionEvent: Sendable, Hashable {
    public var start: Milliseconds
    public var end: Milliseconds
    /// The cue identifier (WebVTT cue id, ASS name); nil when the input gave none. Kept inline because
    /// WebVTT files often number every cue, and a short id costs no allocation here.
    public var id: String?
    // Usable from inlinable code: writers test `isPlain` and copy `plainText` for every cue, and a
    // call across the module boundary for each would retain and release the event's references.
    @usableFromInline var plain: StoredText
    /// Internal (not private) so tests can check that a plain cue allocates nothing more.
    @usableFromInline private(set) var details: ImmutableBox<Details>?

    public init(start: Milliseconds, end: Milliseconds, text: CaptionText, sourceText: String? = nil,
                words: [Word] = [], id: String? = nil, settings: String? = nil,
                placement: CuePlacement? = nil, style: String? = nil) {
        self.init(start: start, end: end, plain: StoredText(text.plain), spans: text.spans,
                  source: sourceText == nil || sourceText == text.plain ? nil : StoredText(sourceText!),
                  words: words, id: id, settings: settings, placement: placement, style: style)
    }

    /// A cue that is only its text (and id): what readers make for most cues, so it is kept cheap.
    public init(start: Milliseconds, end: Milliseconds, plain: StoredText, id: String? = nil) {
        self.start = start
        self.end = end
        self.id = id
        self.plain = plain
        self.details = nil
    }

    /// For readers that keep text in a `TextArenaWriter`: `source` nil means the source is the plain text.
    public init(start: Milliseconds, end: Milliseconds, plain: StoredText, spans: [TextSpan] = [], source: StoredText? = nil,
                words: [Word] = [], id: String? = nil, settings: String? = nil,
                placement: CuePlacement? = nil, style: String? = nil, ass: ASSEventFields? = nil) {
        self.start = start
        self.end = end
        self.id = id
        self.plain = plain
        let details = Details(sourceText: source == plain ? nil : source, spans: spans, words: words,
                              settings: settings, placement: Self.boxed(placement), style: style,
                              ass: ass.map(ImmutableBox.init))
        self.details = details.isEmpty ? nil : ImmutableBox(details)
    }

    public var duration: Milliseconds { end - start }

    /// The plain text's stored bytes, for writers that copy them without making a String.
    @inlinable public var plainText: StoredText { plain }
    /// True for a cue that is only its times, id and text: no spans, words, settings, placement or
    /// style, and a source text equal to the plain text (what most cues of most files are). Writers
    /// take a fast path for these.
    @inlinable public var isPlain: Bool { details == nil }
    /// The styling spans over the plain text, without building the text.
    public var spans: [TextSpan] { details?.value.spans ?? [] }

    /// The span of a cue whose only styling is one bold, italic, underline or strikethrough span lying
    /// inside its text, with no words, settings, placement or style (a styled subtitle's usual shape: one
    /// `<i>` line); nil for any other cue. Writers take a fast path for these, as for plain cues.
    public var singleSimpleSpan: TextSpan? {
        guard let value = details?.value, value.spans.count == 1, value.words.isEmpty, value.settings == nil,
              value.placement == nil, value.style == nil, value.ass == nil else { return nil }
        let span = value.spans[0]
        switch span.kind {
        case .bold, .italic, .underline, .strikethrough: break
        default: return nil
        }
        guard span.start >= 0, span.start < span.end, span.end <= Int(plain.utf8Count) else { return nil }
        return span
    }

    /// Plain text and styling spans.
    public var text: CaptionText {
        get { CaptionText(plain: plain.string, spans: details?.value.spans ?? []) }
        set {
            let old = plain
            let new = newValue.plain == old.string ? old : StoredText(newValue.plain)
            update { details in
                // The source text is stored only while it differs from the plain text.
                if details.sourceText == nil, new != old { details.sourceText = old }
                if details.sourceText == new { details.sourceText = nil }
                details.spans = newValue.spans
            }
            plain = new
        }
    }
    /// The cue text exactly as in the input (markup and entities kept, lines joined by `\n`).
    /// The source text's stored bytes (the plain text's when they are the same), without making a String.
    public var sourceStoredText: StoredText { details?.value.sourceText ?? plain }
    public var sourceText: String {
        get { (details?.value.sourceText ?? plain).string }
        set {
            let plain = plain
            let new = StoredText(newValue)
            update { $0.sourceText = new == plain ? nil : new }
        }
    }

    /// Word timings, in order; empty when the input has none.
    public var words: [Word] {
        get { details?.value.words ?? [] }
        set { update { $0.words = newValue } }
    }
    /// WebVTT's cue settings string exactly as written (`line:0 align:start`).
    public var settings: String? {
        get { details?.value.settings }
        set { update { $0.settings = newValue } }
    }
    /// Where the input placed the cue; nil when it said nothing (a placement of all defaults is nil too).
    public var placement: CuePlacement? {
        get { details?.value.placement?.value }
        set { update { $0.placement = Self.boxed(newValue) } }
    }

    private static func boxed(_ placement: CuePlacement?) -> ImmutableBox<CuePlacement>? {
        guard let placement, placement != CuePlacement() else { return nil }
        return ImmutableBox(placement)
    }
    /// The name of a style in the document's `styles`.
    public var style: String? {
        get { details?.value.style }
        set { update { $0.style = newValue } }
    }

    /// The fields of the ASS Dialogue line the event was read from; nil for an event not read from ASS.
    public var ass: ASSEventFields? {
        get { details?.value.ass?.value }
        set { update { $0.ass = newValue.map(ImmutableBox.init) } }
    }

    private mutating func update(_ change: (inout Details) -> Void) {
        var value = details?.value ?? Details()
        change(&value)
        details = value.isEmpty ? nil : ImmutableBox(value)
    }

    @usableFromInline struct Details: Sendable, Hashable {
        var sourceText: StoredText?
        var spans: [TextSpan] = []
        var words: [Word] = []
        var settings: String?
        var placement: ImmutableBox<CuePlacement>?
        var style: String?
        var ass: ImmutableBox<ASSEventFields>?

        var isEmpty: Bool {
            sourceText == nil && spans.isEmpty && words.isEmpty && settings == nil && placement == nil && style == nil && ass == nil
        }
    }
}

/// A value behind a shared reference. Never mutated: a change makes a new box, which gives value
/// semantics (and `Sendable`) at the size of one pointer.
@usableFromInline final class ImmutableBox<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value
    init(_ value: Value) { self.value = value }
    @usableFromInline static func == (a: ImmutableBox, b: ImmutableBox) -> Bool { a === b || a.value == b.value }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
