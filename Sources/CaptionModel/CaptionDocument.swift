/// A caption document: events in file order, the named styles they refer to, and metadata.
public struct CaptionDocument: Sendable, Hashable {
    /// The events, in file order. A reader may leave them to be made on first use
    /// (`deferredEvents`); reading, setting or changing them here makes them.
    public var events: [CaptionEvent] {
        get { deferredEvents?.events ?? storedEvents }
        set { storedEvents = newValue; deferredEvents = nil }
        _modify {
            if let deferred = deferredEvents {
                storedEvents = deferred.events
                deferredEvents = nil
            }
            yield &storedEvents
        }
    }
    private var storedEvents: [CaptionEvent]
    /// Set by a reader that left its events to be made on first use; nil once they are set or changed
    /// here. A writer of the reader's own format may write from its `source` without making them.
    public private(set) var deferredEvents: DeferredEvents?
    /// How many events there are, without making deferred ones.
    public var eventCount: Int { deferredEvents?.count ?? storedEvents.count }
    public var styles: [NamedStyle]
    /// Header key/value pairs in file order (WebVTT header lines, ASS `[Script Info]`).
    public var metadata: [MetadataEntry]
    /// WebVTT `REGION` blocks.
    public var regions: [CaptionRegion]
    /// WebVTT `STYLE` blocks, verbatim.
    public var stylesheets: [String]
    /// What an ASS or SSA script holds beyond its captions and styles (sections, Comment lines, the
    /// Format lines' shape); nil for a document that was not read from ASS or SSA.
    public var assScript: ASSScript?

    public init(events: [CaptionEvent] = [], styles: [NamedStyle] = [], metadata: [MetadataEntry] = [],
                regions: [CaptionRegion] = [], stylesheets: [String] = []) {
        self.storedEvents = events; self.styles = styles; self.metadata = metadata
        self.regions = regions; self.stylesheets = stylesheets
    }

    /// The events replaced by ones to be made on first use.
    public mutating func deferEvents(_ deferred: DeferredEvents) {
        storedEvents = []
        deferredEvents = deferred
    }

    // Equal documents have equal events, however they are stored.
    public static func == (a: CaptionDocument, b: CaptionDocument) -> Bool {
        a.styles == b.styles && a.metadata == b.metadata && a.regions == b.regions && a.stylesheets == b.stylesheets
            && a.assScript == b.assScript && a.eventCount == b.eventCount && a.events == b.events
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(events)
        hasher.combine(styles)
        hasher.combine(metadata)
        hasher.combine(regions)
        hasher.combine(stylesheets)
        hasher.combine(assScript)
    }
}

public struct MetadataEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    public init(key: String, value: String) { self.key = key; self.value = value }
}

/// A WebVTT region: an area of the video that cues can be placed in and scroll up through.
public struct CaptionRegion: Sendable, Hashable {
    public var id: String
    /// Percent of the video width.
    public var width: Double = 100
    public var lines: Int = 3
    /// Percent coordinates of the region's anchor point within the region.
    public var regionAnchor: CuePlacement.Point = .init(x: 0, y: 100)
    /// Percent coordinates of where that anchor sits in the video.
    public var viewportAnchor: CuePlacement.Point = .init(x: 0, y: 100)
    public var scrollUp: Bool = false

    public init(id: String) { self.id = id }
}
