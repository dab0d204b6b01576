/// A rounded rectangle's path as the compiled ASS draws it (a `\p1` drawing placed with `\an7\pos`):
/// straight sides, each corner a cubic quarter circle (κ ≈ 0.5523), clockwise from the top edge's left
/// end, relative to the box's top-left corner. The ASS compiler prints it; the native renderer fills
/// it as libass does (`RoundedBoxPath.mask` in CaptionRender).
public enum RoundedBoxPath {
    public enum Command: Equatable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
    }

    /// The path of a `width`×`height` box with corners of `radius` (at most half a side).
    public static func commands(width w: Double, height h: Double, radius: Double) -> [Command] {
        let r = min(max(radius, 0), w / 2, h / 2), c = r * 0.4477  // r·(1 − κ)
        return [.move(r, 0), .line(w - r, 0), .cubic(w - c, 0, w, c, w, r),
                .line(w, h - r), .cubic(w, h - c, w - c, h, w - r, h),
                .line(r, h), .cubic(c, h, 0, h - c, 0, h - r),
                .line(0, r), .cubic(0, c, c, 0, r, 0)]
    }
}
