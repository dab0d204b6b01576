import CaptionStyles

/// The style's stroke and shadow lengths at a frame scale, as the compiled ASS prints them and libass
/// reads them back (`ASSNumber`), so both sides draw from the same values. Worked out once per renderer
/// (printing and reading a number back is string formatting), not on every frame.
package struct PrintedLengths: Sendable {
    package let strokeWidth: Double
    package let shadowBlur: Double
    package let shadowOffsetX: Double
    package let shadowOffsetY: Double

    package init(style: CaptionStyle, scale k: Double) {
        strokeWidth = Self.strokeWidth(style, scale: k)
        shadowBlur = ASSNumber.read(style.shadow.blur * k)
        shadowOffsetX = ASSNumber.read(style.shadow.offsetX * k)
        shadowOffsetY = ASSNumber.read(style.shadow.offsetY * k)
    }

    /// The stroke width alone (the compiled ASS's simple-shaper fillers are planned with it).
    package static func strokeWidth(_ style: CaptionStyle, scale k: Double) -> Double { ASSNumber.read(style.strokeWidth * k) }
}
