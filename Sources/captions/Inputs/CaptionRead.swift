import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionVideo

/// Reads captions as every command does: a caption file or a video's text track, its warnings reported
/// on stderr with their lines. Paging and styling are then `CaptionInput`'s.
enum CaptionRead {
    static func input(_ path: String, format: String?, encoding: String? = nil, track: TrackSelection = TrackSelection()) throws -> CaptionInput {
        let result = try CaptionSource.read(path: path, format: format, encoding: encoding, track: track)
        try Diagnostics.report(result.diagnostics, source: path, strict: false)
        return CaptionInput(result)
    }
}
