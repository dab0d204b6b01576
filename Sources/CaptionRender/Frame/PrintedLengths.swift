import CaptionLayout
import CaptionStyles

/// The style's stroke and shadow lengths at a frame scale, as the compiled ASS prints them and libass
/// reads them back (`ASSNumber`), so both sides draw from the same values. Worked out once per renderer
/// (printing and reading a number back is string formatting), not on every frame.
struct PrintedLengths: Sendable {
    let strokeWidth: Double
    let shadowBlur: Double
    let shadowOffsetX: Double
    let shadowOffsetY: Double

    init(style: CaptionStyle, scale k: Double) {
        strokeWidth = ASSNumber.read(style.strokeWidth * k)
        shadowBlur = ASSNumber.read(style.shadow.blur * k)
        shadowOffsetX = ASSNumber.read(style.shadow.offsetX * k)
        shadowOffsetY = ASSNumber.read(style.shadow.offsetY * k)
    }
}
