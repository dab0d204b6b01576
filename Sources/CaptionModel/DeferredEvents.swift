import Synchronization

/// Events a reader has found and checked, but not yet made into `CaptionEvent`s: their text is parsed
/// the first time anyone asks for `CaptionDocument.events`, once, and kept.
///
/// Why: an ASS script's Text fields carry override tags, and reading them into plain text, spans,
/// words and placement is most of the cost of reading a script. `captions convert x.ass -o y.ass`
/// writes every unedited Text field back as read and never needs that parse; a writer that knows the
/// source (the ASS writer, through `source`) writes the events from it, and every other consumer gets
/// the same events it always got, made on first use (in parallel).
public final class DeferredEvents: Sendable {
    /// What the reader kept; a writer for the same format may write from it directly.
    public let source: any DeferredEventSource
    private let made = Mutex<[CaptionEvent]?>(nil)

    public init(_ source: any DeferredEventSource) { self.source = source }

    public var count: Int { source.count }

    /// The events, made on the first call (by one caller; others wait for it).
    public var events: [CaptionEvent] {
        made.withLock { made in
            if let events = made { return events }
            let events = source.makeEvents()
            made = events
            return events
        }
    }
}

/// A reader's record of the events it found, able to make them.
public protocol DeferredEventSource: Sendable {
    var count: Int { get }
    /// The events, exactly as the reader would have made them while reading.
    func makeEvents() -> [CaptionEvent]
}
