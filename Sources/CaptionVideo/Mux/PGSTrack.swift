import CFFmpeg

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

extension PGSTrack {
    /// The output stream for the track: `hdmv_pgs_subtitle`, labelled and flagged.
    func describe(_ stream: UnsafeMutablePointer<AVStream>) {
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
        stream.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_HDMV_PGS_SUBTITLE
        StreamCopy.label(stream, language: language, title: title, mp4: false)
        stream.pointee.disposition = (isDefault ? AV_DISPOSITION_DEFAULT : 0) | (isForced ? AV_DISPOSITION_FORCED : 0)
    }

    /// The labels and flags it has, as a message lists them: `language eng`, `title "Lyrics"`, `default`, `forced`.
    var labels: [String] {
        [language.map { "language \($0)" }, title.map { "title \"\($0)\"" }, isDefault ? "default" : nil, isForced ? "forced" : nil]
            .compactMap { $0 }
    }
}
