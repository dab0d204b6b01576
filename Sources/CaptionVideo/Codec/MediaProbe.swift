import CFFmpeg
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

/// A video's shape as an overlay must match it: the size as displayed (rotation applied), the frame rate
/// and the length.
public struct VideoGeometry: Sendable {
    public var width: Int
    public var height: Int
    public var rate: FrameRate
    public var duration: Milliseconds
}

extension MediaProbe {
    /// The display size, frame rate (the stream's average, else its base rate) and duration of a video.
    public static func geometry(of path: String) throws(VideoError) -> VideoGeometry {
        let input = try MediaInput(path: path)
        guard let stream = input.video else { throw VideoError(.usage, "\(path) has no video stream") }
        let parameters = stream.pointee.codecpar.pointee
        let (w, h) = (Int(parameters.width), Int(parameters.height))
        let turned = input.rotation % 180 != 0
        let rational = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        guard let rate = FrameRate(numerator: Int(rational.num), denominator: Int(max(1, rational.den))) else {
            throw VideoError(.malformed, "\(path): its video stream has no frame rate")
        }
        var duration = input.durationMicroseconds.map { Int(($0 + 500) / 1000) }
        if stream.pointee.duration > 0 {
            duration = Int(av_rescale_q(stream.pointee.duration, stream.pointee.time_base, AVRational(num: 1, den: 1000)))
        }
        guard let duration, duration > 0 else { throw VideoError(.malformed, "\(path): its length is unknown") }
        return VideoGeometry(width: turned ? h : w, height: turned ? w : h, rate: rate, duration: duration)
    }
}
