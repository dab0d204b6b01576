/// What a reader may need besides the text. Only frame-based formats use it (MicroDVD counts video
/// frames, not milliseconds); every other reader ignores it.
///
/// The frame rate is a plain fraction rather than `CaptionEdit.FrameRate`: `CaptionFormats` may import
/// only `CaptionModel`. The command line parses `--fps` with `FrameRate(parsing:)` and passes its fraction.
public struct ReadOptions: Sendable {
    /// The input's frames per second as an exact fraction (`24000/1001` for 23.976), as `--fps` gives it.
    /// nil leaves it to the file (MicroDVD's `{1}{1}23.976` first line), else to the format's default.
    public var frameRate: (numerator: Int, denominator: Int)?

    public init(frameRate: (numerator: Int, denominator: Int)? = nil) {
        self.frameRate = frameRate
    }
}
