import CFFmpeg
import CaptionModel

/// Why a burn failed, by what the user can do about it; each kind maps to one of the command line's
/// documented exit codes (65 malformed input, 66 missing or unreadable input, 73 output cannot be
/// written, 64 a request the toolkit cannot honour, 130 interrupted).
public struct VideoError: CaptionKitError {
    /// The toolkit's kinds: `malformed` (not a media file, no video stream), `unreadable` (missing,
    /// unreadable), `cannotWrite`, `usage` (something libav* or the container cannot do as asked),
    /// `interrupted` (a stopped burn).
    public typealias Kind = FailureKind
    public var kind: Kind
    /// One sentence naming the file.
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }
    public var failure: FailureKind { kind }

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
