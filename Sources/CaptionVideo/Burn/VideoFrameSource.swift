import CaptionModel

/// A frame on its way to the encoder, with the time its captions are taken at (ms on the input's clock).
struct TimedFrame: @unchecked Sendable {
    var frame: MediaFrame
    var time: Milliseconds
}

/// The first stage of the pipeline: produces output-sized frames in presentation order (and writes
/// the audio as it goes, on the same thread, as the demuxer meets it).
protocol VideoFrameSource: AnyObject {
    /// How many frames to expect, when known.
    var expectedFrames: Int? { get }
    /// Emits every frame; `emit` returns false when the consumer has stopped.
    func run(_ emit: (TimedFrame) -> Bool) throws(VideoError)
    /// After `run`: set when the input ended before the time its container claims (cut short or damaged).
    var truncation: InputTruncation? { get }
    /// After `run` (or as far as it went): damage inside the video that the decoder decoded past.
    var damage: DecodeDamage { get }
}

/// An input that decoded only in part: how far its frames reached and how long its container says it
/// is (both on the input's clock, in the part chosen to burn).
public struct InputTruncation: Sendable, Equatable {
    public var path: String
    public var reachedMilliseconds: Milliseconds
    public var claimedMilliseconds: Milliseconds

    /// One sentence naming the file, the time reached and the time claimed.
    public var description: String {
        "\(path) is truncated or damaged: its frames end at \(Self.seconds(reachedMilliseconds)) of the \(Self.seconds(claimedMilliseconds)) its container claims"
    }

    static func seconds(_ ms: Milliseconds) -> String { String(format: "%.2f s", Double(ms) / 1000) }
}

/// Floor division to milliseconds: a frame at 33.9 ms is before a caption starting at 34 ms.
public func milliseconds(fromMicroseconds us: Int64) -> Milliseconds {
    Milliseconds(us >= 0 ? us / 1000 : -((-us + 999) / 1000))
}
