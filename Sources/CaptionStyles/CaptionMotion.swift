import CaptionModel

/// Page-level motion at a time: fading in and out, and sliding up into place.
public struct CaptionMotion: Sendable, Hashable {
    /// libass's fade value for the page (`LibassFade.page`): 0 shows it as drawn, 255 hides it.
    public var fade: Int
    /// Pixels (reference frame) below the laid-out position.
    public var offsetY: Double

    /// 1 − fade / 255: how visible the page is.
    public var opacity: Double { 1 - Double(fade) / 255 }

    public static func at(_ t: Milliseconds, start: Milliseconds, end: Milliseconds, style: CaptionStyle) -> CaptionMotion {
        var offset = 0.0
        if style.slideDistance != 0, style.slideDuration > 0 {
            offset = style.slideDistance * (1 - Easing.out(Double(t - start) / Double(style.slideDuration)))
        }
        return CaptionMotion(fade: LibassFade.page(at: t, start: start, end: end, style: style), offsetY: offset)
    }
}
