import CaptionStyles

/// What `ASSCompiler` does not reproduce, so verification can say "not compiled" instead of reporting
/// a meaningless comparison (the compiler compiles any style without complaint, leaving out what it
/// cannot express). Every karaoke mode, line and page boxes and fades are compiled; a page's slide is
/// not (its ease-out rise has no exact `\move` form, see `PageFade`), and no preset uses one.
///
/// Keep in step with the compiler: remove a feature from here in the change that compiles it.
public enum ASSSupport {
    /// The features of `style` the compiler does not reproduce; empty when it compiles the style.
    public static func unsupportedFeatures(of style: CaptionStyle) -> [String] {
        var missing: [String] = []
        if style.slideDistance != 0 && style.slideDuration > 0 { missing.append("slides") }
        return missing
    }
}
