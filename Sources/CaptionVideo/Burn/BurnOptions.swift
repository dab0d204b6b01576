import CaptionModel
import CaptionRender

/// Everything about a burn except the captions themselves.
public struct BurnOptions: Sendable {
    /// The video to write; its extension picks the container (.mp4, .mov, .mkv, ...).
    public var output: String
    public var shape: OutputShape = .source
    public var fit: FitMode = .crop
    public var encoder = EncoderSettings()
    /// Trim: the part of the input from `start` (ms) to `end` (exclusive) is burned; the output starts at 0.
    public var start: Milliseconds = 0
    public var end: Milliseconds?
    /// What the frames show for an audio-only input.
    public var background: Background = .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 255))
    /// How long a still image (or an audio-only input, instead of its audio's length) is shown.
    public var duration: Milliseconds?
    /// When the last caption ends: a still image without `duration` is shown until then.
    public var captionsEnd: Milliseconds?
    /// Frames per second of the video made for a still image or an audio-only input.
    public var frameRate = 30
    /// Checked between frames; a cancelled burn removes its temporary file and throws `.interrupted`.
    public var cancellation: BurnCancellation?
    /// Refuse an input that decodes only in part (`InputTruncation`) or is damaged inside
    /// (`DecodeDamage`, found as the frames are decoded: the burn stops there): nothing is written and
    /// the burn throws. Without it the part that decodes is burned and the statistics carry what was found.
    public var strict = false
    /// One part of a plan (`PartPlan`): exactly these frames of the video, timestamps from 0, no audio.
    public var part: PartRange?
    /// CEA-608 closed captions to carry in the output's H.264 as A/53 side data (replacing any the
    /// input's frames carried); only libx264 writes them.
    public var closedCaptions: ClosedCaptionEmbedder?

    public init(output: String) { self.output = output }
}

/// The picture behind the captions when the input has no video.
public enum Background: Sendable {
    case color(RGBAColor)
    case image(RGBAImage)
}

/// A flag another thread (a signal handler) sets to stop a burn.
public final class BurnCancellation: @unchecked Sendable {
    // Unchecked: the flag is only read and written under the lock.
    private let lock = NSLockLike()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.run { cancelled = true } }
    public var isCancelled: Bool { lock.run { cancelled } }
}

/// Where a burn is, for progress bars: called on the encoding thread after each frame.
public struct BurnProgress: Sendable {
    public var frames: Int
    /// The expected number of frames, when the input says (exact for MP4, estimated from duration otherwise).
    public var expectedFrames: Int?
    public var elapsedSeconds: Double

    public var framesPerSecond: Double { elapsedSeconds > 0 ? Double(frames) / elapsedSeconds : 0 }
    public var fraction: Double? { expectedFrames.map { $0 > 0 ? min(1, Double(frames) / Double($0)) : 0 } }
    public var remainingSeconds: Double? {
        guard let expectedFrames, framesPerSecond > 0 else { return nil }
        return Double(max(0, expectedFrames - frames)) / framesPerSecond
    }
}

/// What a finished burn measured.
public struct BurnStatistics: Sendable {
    public var frames: Int
    public var wallSeconds: Double
    /// Frames that showed a caption.
    public var captionedFrames: Int
    /// Time spent getting caption layers (rendering, or reusing) and blending them, in ms, all frames.
    public var captionMilliseconds: Double
    /// Time spent copying frames the decoder still held, to draw on them, in ms, all frames.
    public var frameCopyMilliseconds: Double
    /// Output size (as displayed) and how the audio was handled: "copied", "re-encoded (AAC)" or "none".
    public var width: Int
    public var height: Int
    public var audio: String
    /// Set when the input decoded only in part (without `strict`): the output stops where it did.
    public var truncation: InputTruncation?
    /// Damage inside the input that the decoder decoded past (without `strict`): concealed frames,
    /// frames missing; empty for a clean input.
    public var damage = DecodeDamage()

    public var captionMillisecondsPerFrame: Double { frames > 0 ? captionMilliseconds / Double(frames) : 0 }
    public var frameCopyMillisecondsPerFrame: Double { frames > 0 ? frameCopyMilliseconds / Double(frames) : 0 }
}
