/// A bitmap subtitle track to add to a video file: HDMV presentation graphics (PGS) as `PGSWriter`
/// makes them, segments in `.sup` order (each display set a PCS ... END, every segment with its own
/// PTS and DTS on the 90 kHz clock, 0 being the start of the video file, where players start their
/// clock and `burn` counts caption times from), and how players should label it.
/// It goes into Matroska (.mkv) or Blu-ray M2TS (.m2ts) as it is: nothing is decoded or re-encoded.
public struct PGSTrack: Sendable {
    public var segments: [PGSSegment]
    public var language: String?
    public var title: String?
    public var isDefault = false
    public var isForced = false

    public init(segments: [PGSSegment], language: String? = nil, title: String? = nil, isDefault: Bool = false, isForced: Bool = false) {
        self.segments = segments; self.language = language; self.title = title
        self.isDefault = isDefault; self.isForced = isForced
    }
}
