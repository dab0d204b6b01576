import CaptionFormats
import Foundation

extension SubtitleTrackReader {
    /// A media file's subtitle track as `CaptionSource` reads it: a VobSub `.sub` through the `.idx`
    /// beside it, and a file that only looks like a container (a caption file named .srt that is
    /// really a broken MP4) named for what it looked like.
    ///
    /// - Parameter container: What `ContainerSignature` says the file is; nil when only the track
    ///   selection sent it here.
    public static func read(container path: String, named container: String?, selection: TrackSelection) throws -> ParseResult {
        do {
            return try read(path: vobSubIndex(beside: path, container) ?? path, selection: selection)
        } catch let error as VideoError where error.kind == .malformed && error.message.hasPrefix("\(path) cannot be read") {
            throw VideoError(.malformed, "\(path) looks like \(container ?? "a video file") but libavformat cannot read it; it may be truncated or damaged")
        }
    }

    /// The `.idx` beside a VobSub `.sub`, if there is one: the index holds the palette and the frame
    /// size (libavformat reads the `.sub` alone as MPEG-PS, in the DVD's default colours, which turn the
    /// text's outline into its fill).
    static func vobSubIndex(beside path: String, _ container: String?) -> String? {
        guard container == "an MPEG-PS file", (path as NSString).pathExtension.lowercased() == "sub" else { return nil }
        let base = (path as NSString).deletingPathExtension
        return [base + ".idx", base + ".IDX"].first { ContainerSignature.name(ofFile: $0) == ContainerSignature.vobSubIndex }
    }
}
