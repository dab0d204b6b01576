/// What an ASS or SSA script holds beyond its captions and styles, kept so that ASS in, ASS out loses
/// nothing: the `[Script Info]` comment lines, the `[Events]` lines that are not Dialogue (Comment,
/// Picture, Sound, Movie, Command), and every other section verbatim (`[Fonts]`, `[Graphics]`,
/// `[Aegisub Project Garbage]`, `[Aegisub Extradata]`, unknown ones). `[Script Info]`'s keys are the
/// document's `metadata`, its styles `styles`, its Dialogue lines `events`.
public struct ASSScript: Sendable, Hashable {
    /// ASS (`[V4+ Styles]`, ScriptType v4.00+) or SSA v4 (`[V4 Styles]`, ScriptType v4.00).
    public enum Kind: String, Sendable, Hashable { case ass, ssa }
    public var kind: Kind
    /// True when a Format line named other columns than the standard ones for the script's kind. libass
    /// then defaults ScaledBorderAndShadow to yes (to no otherwise), so a writer that writes standard
    /// Format lines must say yes when the script did not say.
    public var customFormat: Bool = false
    /// `[Script Info]` lines that are not `Key: value` (comments), each after that many `metadata` entries.
    public var infoComments: [Positioned<String>] = []
    /// `[Events]` lines that are not Dialogue, each before the Dialogue event of that index.
    public var otherEvents: [Positioned<ASSOtherEvent>] = []
    /// Sections in the order the file gave them; the three the model holds as `.scriptInfo`, `.styles`
    /// and `.events`, any other one verbatim.
    public var sections: [ASSSection] = []

    public init(kind: Kind) { self.kind = kind }

    /// A value and where it goes among the items of another list: before the item of index `position`.
    public struct Positioned<Value: Sendable & Hashable>: Sendable, Hashable {
        public var position: Int
        public var value: Value
        public init(position: Int, value: Value) { self.position = position; self.value = value }
    }
}

/// A section of an ASS script.
public enum ASSSection: Sendable, Hashable {
    case scriptInfo, styles, events
    /// Any other section: its header line (`[Fonts]`) and its lines, each as written (without line ends).
    case verbatim(header: String, lines: [String])
}

/// An `[Events]` line other than Dialogue. A Comment is an event libass never draws (karaoke templates,
/// notes, lines switched off): its times follow the captions' through `retime` and `sync`.
public struct ASSOtherEvent: Sendable, Hashable {
    /// `Comment`, or `Picture`, `Sound`, `Movie`, `Command` (kept verbatim, times and all).
    public var type: String
    /// For a Comment: the event, with its ASS fields (made anew on each read while `deferred`). For the
    /// other types: nil.
    public var comment: CaptionEvent? {
        get {
            switch stored {
            case .made(let event): event
            case .deferred(let deferred): deferred.event()
            case nil: nil
            }
        }
        set { stored = newValue.map { .made($0) } }
    }
    /// For the other types: the line after its `Type:` as written.
    public var line: String?
    /// A Comment line as its reader kept it, its event not yet made: most are never asked for (a
    /// script written back writes the line as read), and making them is most of what reading costs.
    public var deferred: (any DeferredComment)? {
        if case .deferred(let deferred) = stored { deferred } else { nil }
    }
    private var stored: Comment?

    /// The event boxed: an event is many times the size of the other fields, and a script holds
    /// thousands of these (karaoke templates, lines switched off).
    private enum Comment: Sendable {
        indirect case made(CaptionEvent)
        case deferred(any DeferredComment)
    }

    public init(comment: CaptionEvent) { self.type = "Comment"; self.stored = .made(comment); self.line = nil }
    public init(type: String, line: String) { self.type = type; self.stored = nil; self.line = line }
    public init(deferred: any DeferredComment) { self.type = "Comment"; self.stored = .deferred(deferred); self.line = nil }

    public static func == (a: ASSOtherEvent, b: ASSOtherEvent) -> Bool {
        a.type == b.type && a.line == b.line && a.comment == b.comment
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(line)
        hasher.combine(comment)
    }
}

/// A reader's record of a Comment line, able to make its event.
public protocol DeferredComment: Sendable {
    /// The event, exactly as the reader would have made it while reading.
    func event() -> CaptionEvent
}
