/// One subtitle track of a media file, as `captions tracks` lists it: a subtitle stream, or the closed
/// captions of one CEA-608 channel carried inside a video stream (ATSC A/53), listed under that video
/// stream's index.
public struct SubtitleTrack: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Text the toolkit reads into the caption model (SubRip, ASS/SSA, mov_text, WebVTT, ...).
        case text
        /// CEA-608 closed captions, in the video stream's side data or as their own `eia_608` stream.
        case closedCaptions = "closed-captions"
        /// Pictures (PGS, DVD, DVB subtitles): listed, not read as text.
        case bitmap
        /// A codec this build of libavcodec does not know (ffprobe's codec_name `unknown`; FFmpeg 5.1
        /// says so of mkvmerge's WebVTT, `S_TEXT/WEBVTT`): listed, never chosen unless named, not read.
        case unknown
    }

    /// The container's stream index (ffmpeg's `0:N`, ffprobe's `index`).
    public var index: Int
    public var kind: Kind
    /// libavcodec's codec name: `subrip`, `ass`, `mov_text`, `webvtt`, `hdmv_pgs_subtitle`, `eia_608`...;
    /// `unknown` (as ffprobe says) for a codec libavcodec does not know.
    public var codec: String
    /// The stream's language tag (ISO 639-2, `eng`), nil when absent or `und`.
    public var language: String?
    public var title: String?
    public var isDefault: Bool
    public var isForced: Bool
    /// For closed captions: `CC1`...`CC4`.
    public var channel: String?

    public init(index: Int, kind: Kind, codec: String, language: String? = nil, title: String? = nil,
                isDefault: Bool = false, isForced: Bool = false, channel: String? = nil) {
        self.index = index; self.kind = kind; self.codec = codec; self.language = language; self.title = title
        self.isDefault = isDefault; self.isForced = isForced; self.channel = channel
    }

    /// `2 text subrip eng "English" default`: how error messages list a file's tracks.
    public var summary: String {
        var parts = ["\(index)", kind.rawValue, codec]
        if let channel { parts.append(channel) }
        parts.append(language ?? "(no language)")
        if let title { parts.append("\"\(title)\"") }
        if isDefault { parts.append("default") }
        if isForced { parts.append("forced") }
        return parts.joined(separator: " ")
    }
}
