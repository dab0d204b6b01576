import CaptionModel

/// What a reader may need besides the text. Only frame-based formats use it (MicroDVD counts video
/// frames, not milliseconds); every other reader ignores it.
public struct ReadOptions: Sendable {
    /// The input's frame rate, as `--fps` gives it. nil leaves it to the file (MicroDVD's
    /// `{1}{1}23.976` first line), else to the format's default.
    public var frameRate: FrameRate?

    public init(frameRate: FrameRate? = nil) {
        self.frameRate = frameRate
    }
}
