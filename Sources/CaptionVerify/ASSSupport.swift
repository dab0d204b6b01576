import CaptionStyles

/// What the ASS compiler reproduces today, so verification can say "not compiled yet" instead of
/// reporting a meaningless comparison. The compiler compiles any style without complaint, drawing
/// what it does not know as plain text, so the list lives here.
///
/// Keep in step with `CaptionASS.ASSCompiler`: remove a feature from here in the change that compiles it.
public enum ASSSupport {
    /// Karaoke modes the compiler has events for (`LineEvents`, `WordBoxEvents`, `ScaledWordEvents`).
    public static let karaokeModes: Set<CaptionStyle.Karaoke.Mode> = [.none, .highlight, .background, .scale]

    /// The features of `style` the compiler does not reproduce yet; empty when it compiles the style.
    public static func unsupportedFeatures(of style: CaptionStyle) -> [String] {
        var missing: [String] = []
        if !karaokeModes.contains(style.karaoke.mode) { missing.append("karaoke mode '\(style.karaoke.mode.rawValue)'") }
        if let box = style.box { missing.append("\(box.scope.rawValue) boxes") }
        if style.fadeIn > 0 || style.fadeOut > 0 { missing.append("fades") }
        if style.slideDistance != 0 && style.slideDuration > 0 { missing.append("slides") }
        return missing
    }
}
