import CFFmpeg
import CaptionModel

/// Why decoding, burning or encoding failed: the toolkit's plain failure (`CaptionKitFailure`), its
/// kind by what the user can do about it: `malformed` (not a media file, no video stream, 65),
/// `unreadable` (missing, unreadable, 66), `cannotWrite` (73), `usage` (something libav* or the
/// container cannot do as asked, 64), `interrupted` (a stopped burn, 130).
public typealias VideoError = CaptionKitFailure

extension VideoError {
    /// libav*'s message for a negative return code ("Invalid data found when processing input").
    static func reason(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        return String(cString: cffmpeg_err2str(code, &buffer, buffer.count))
    }
}

/// The one place libav* return codes become Swift errors: a negative `code` throws `kind` with
/// "`context`: libav's reason"; anything else is returned.
@discardableResult
func check(_ code: Int32, _ kind: VideoError.Kind, _ context: @autoclosure () -> String) throws(VideoError) -> Int32 {
    guard code < 0 else { return code }
    throw VideoError(kind, "\(context()) (\(VideoError.reason(code)))")
}

/// libav*'s "try again" and "end of stream" codes, which the send/receive loops treat as states, not errors.
let averrorEAGAIN = cffmpeg_averror_eagain()
let averrorEOF = cffmpeg_averror_eof()
