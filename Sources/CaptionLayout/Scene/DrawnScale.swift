import CaptionStyles

/// The scale a word is drawn at: its appearance's, in steps of 1/80 (about 1 px on a 100 px word; 1.2
/// and 0.8 exactly), so a transition's frames reuse the glyphs its way up drew on its way back down,
/// and across words with the same letters. The compiled ASS steps through the same values at the
/// same milliseconds (`ScaledWordEvents`).
public enum DrawnScale {
    public static func of(_ appearance: WordAppearance) -> Double { (appearance.scale * 80).rounded() / 80 }
}
