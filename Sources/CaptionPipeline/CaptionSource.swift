import CaptionFormats
import CaptionVideo

/// Where every command that takes captions, and the studio, reads them: a caption file through
/// `CaptionFileReader`, or a media file's subtitle track through `SubtitleTrackReader` (chosen by
/// `track`). A file is read as a container when its first bytes say it is one (MP4/MOV, Matroska/WebM,
/// MPEG-TS or M2TS, AVI, Ogg, MPEG-PS, a VobSub index, a PGS stream: `ContainerSignature`), or when
/// the user named a track; a caption file never reaches the video module.
public enum CaptionSource {
    public static func read(path: String, format: String? = nil, encoding: String? = nil,
                            options: ReadOptions = ReadOptions(), track: TrackSelection = TrackSelection()) throws -> ParseResult {
        var options = options
        if let channel = track.closedCaptions { options.channel = channel }
        if path != "-" {
            let container = ContainerSignature.name(ofFile: path)
            if container != nil || track.isSet {
                return try SubtitleTrackReader.read(container: path, named: container, selection: track)
            }
        }
        return try CaptionFileReader.read(path: path, format: format, encoding: encoding, options: options)
    }

    /// Whether the file's first bytes are a media container's signature.
    public static func isContainer(_ path: String) -> Bool { ContainerSignature.name(ofFile: path) != nil }
}
