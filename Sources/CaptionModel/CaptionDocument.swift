/// A caption document: events in file order, the named styles they refer to, and metadata.
public struct CaptionDocument: Sendable, Hashable {
    public var events: [CaptionEvent]
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
        self.events = events; self.styles = styles; self.metadata = metadata
        self.regions = regions; self.stylesheets = stylesheets
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
