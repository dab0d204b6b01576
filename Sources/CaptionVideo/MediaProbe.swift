import CaptionModel

/// What a media file says about itself without decoding it, for commands that only need a fact about
/// the video (`captions check --video` needs its duration).
public enum MediaProbe {
    /// The container's duration, or nil when it does not say.
    public static func duration(of path: String) throws(VideoError) -> Milliseconds? {
        let input = try MediaInput(path: path)
        return input.durationMicroseconds.map { Int(($0 + 500) / 1000) }
    }
}
