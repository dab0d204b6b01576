import CaptionModel

/// Fades as libass computes them, in its integer steps, so that the native renderer and libass
/// drawing the compiled ASS give the same alpha at every millisecond (rounding the opacity instead
/// left broadcast's fade frames one level apart: GOOD, not SAME).
///
/// - A page fade is `\fade(255,0,255,t1,t2,t3,t4)`: libass's `interpolate_alpha` gives a fade value
///   (0 none, 255 invisible), truncated, which each colour's transparency T then takes as
///   `T − (T·fade + 127) / 255 + fade` (`ass_apply_fade`).
/// - A word that fades in has each colour's transparency animated from 255 (invisible) to its own by
///   `\t`: `T(k) = trunc((1 − k)·255 + T·k)` (`calc_anim`), before the page fade applies.
public enum LibassFade {
    /// The page fade at `t` for a page from `start` to `end`: 0 when the style has no fade.
    public static func page(at t: Milliseconds, start: Milliseconds, end: Milliseconds, style: CaptionStyle) -> Int {
        guard style.fadeIn > 0 || style.fadeOut > 0 else { return 0 }
        // interpolate_alpha(now, t1, t2, t3, t4, 255, 0, 255), times relative to the page's start.
        let now = t - start, t2 = style.fadeIn, t4 = end - start, t3 = t4 - style.fadeOut
        if now < 0 { return 255 }
        if now < t2 {
            let cf = Double(now) / Double(t2)
            return Int(255 * (1 - cf) + 0 * cf)
        }
        if now < t3 { return 0 }
        if now < t4 {
            let cf = Double(now - t3) / Double(t4 - t3)
            return Int(0 * (1 - cf) + 255 * cf)
        }
        return 255
    }

    /// The colour as libass draws it: its alpha after a word fade-in at `wordProgress` (nil for
    /// none) and the page fade.
    public static func apply(_ color: RGBAColor, page fade: Int, wordProgress k: Double? = nil) -> RGBAColor {
        var transparency = 255 - Int(color.alpha)
        if let k { transparency = Int((1 - k) * 255 + Double(transparency) * k) }
        if fade > 0 { transparency = transparency - (transparency * fade + 0x7F) / 0xFF + fade }
        var faded = color
        faded.alpha = UInt8(255 - min(max(transparency, 0), 255))
        return faded
    }
}
