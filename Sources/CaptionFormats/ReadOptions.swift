import CaptionModel

/// What a reader may need besides the text. Only frame-based formats use it (MicroDVD counts video
/// frames, not milliseconds); every other reader ignores it.
public struct ReadOptions: Sendable {
    /// The input's frame rate, as `--fps` gives it. nil leaves it to the file (MicroDVD's
    /// `{1}{1}23.976` first line), else to the format's default.
    public var frameRate: FrameRate?
    /// The CEA-608 channel to read (SCC, closed captions in video): CC1 unless `--channel`/`--cc` says.
    public var channel: CEA608Channel

    public init(frameRate: FrameRate? = nil, channel: CEA608Channel = .cc1) {
        self.frameRate = frameRate
        self.channel = channel
    }
}
