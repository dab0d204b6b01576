import CaptionModel

/// Page-level motion at a time: fading in and out, and sliding up into place.
public struct CaptionMotion: Sendable, Hashable {
    public var opacity: Double
    /// Pixels (reference frame) below the laid-out position.
    public var offsetY: Double

    public static func at(_ t: Milliseconds, start: Milliseconds, end: Milliseconds, style: CaptionStyle) -> CaptionMotion {
        var opacity = 1.0
        if style.fadeIn > 0 { opacity = min(opacity, Double(t - start) / Double(style.fadeIn)) }
        if style.fadeOut > 0 { opacity = min(opacity, Double(end - t) / Double(style.fadeOut)) }
        var offset = 0.0
        if style.slideDistance != 0, style.slideDuration > 0 {
            offset = style.slideDistance * (1 - Easing.out(Double(t - start) / Double(style.slideDuration)))
        }
        return CaptionMotion(opacity: min(max(opacity, 0), 1), offsetY: offset)
    }
}
