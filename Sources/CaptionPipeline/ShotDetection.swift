import CaptionModel
import CaptionTiming
import CaptionVideo

/// Shot changes found in a video: `CaptionVideo` decodes small pictures, `CaptionTiming` decides the
/// cuts. The one way `captions shots`, `captions check` and the studio find them.
public struct ShotDetectionRun: Sendable {
    public var changes: ShotChanges
    /// Frames decoded, and the decoder's reduced-resolution level (0 when the codec has none).
    public var frames: Int
    public var lowres: Int
}

/// The shot changes of `videoPath` (see `ShotDetector`). `threshold` nil is the default.
/// - Throws: `VideoError`: 66 missing or unreadable, 65 not a media file or no video stream.
public func detectShotChanges(videoPath: String, threshold: Double?) throws -> ShotChanges {
    try runShotDetection(videoPath: videoPath, threshold: threshold).changes
}

public func runShotDetection(videoPath: String, threshold: Double?) throws -> ShotDetectionRun {
    let reader = try ShotFrameReader(path: videoPath)
    var detector = ShotDetector(threshold: threshold ?? ShotDetector.defaultThreshold)
    var frames = 0
    try reader.read { picture in
        detector.add(ShotFrame(number: picture.number, width: picture.width, luma: picture.luma, u: picture.u, v: picture.v))
        frames += 1
    }
    return ShotDetectionRun(changes: ShotChanges(frameRate: reader.frameRate, frames: detector.finish()),
                            frames: frames, lowres: reader.lowres)
}
