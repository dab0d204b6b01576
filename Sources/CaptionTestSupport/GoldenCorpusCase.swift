/// The corpus cases of the golden frames (`Corpus/golden`): the native renderer's goldens
/// (CaptionRenderTests) and libass's frames of the compiled ASS (CaptionVerifyTests) cover the same
/// list, so a case added here is checked on both sides.
public struct GoldenCorpusCase: CustomStringConvertible, Sendable {
    public var input: String
    public var preset: String
    /// Milliseconds.
    public var time: Int

    public init(input: String, preset: String, time: Int) {
        self.input = input; self.preset = preset; self.time = time
    }

    /// `<preset>-<input name>-<ms>`: the golden PNG's name.
    public var description: String { "\(preset)-\(input.split(separator: ".").dropLast().joined(separator: "."))-\(time)" }

    public static let presets = ["plain", "broadcast", "highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill",
                                 "cumulative", "three-state", "pop-in", "one-word", "typewriter"]

    /// Every preset on the karaoke track inside "today" and inside "caption" (as paged by the preset),
    /// plus scripts and shapes of text that layout must get right.
    public static let all: [GoldenCorpusCase] = presets.flatMap { preset in
        [GoldenCorpusCase(input: "karaoke-whisperx.json", preset: preset, time: 350),
         GoldenCorpusCase(input: "karaoke-whisperx.json", preset: preset, time: 1610)]
    } + [
        GoldenCorpusCase(input: "two-lines.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "two-lines.srt", preset: "broadcast", time: 1000),
        GoldenCorpusCase(input: "arabic.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "arabic.srt", preset: "highlight-by-word", time: 1000),
        GoldenCorpusCase(input: "cjk.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "cjk.srt", preset: "karaoke-fill", time: 1500),
        GoldenCorpusCase(input: "emoji.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "long-word.srt", preset: "plain", time: 1000),
        // Markup (italic, bold, colour) and an {\an8} cue, cues on screen together, WebVTT placement.
        GoldenCorpusCase(input: "markup.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "markup.srt", preset: "highlight-by-word", time: 1000),
        GoldenCorpusCase(input: "overlap.srt", preset: "plain", time: 2500),
        GoldenCorpusCase(input: "placement.vtt", preset: "plain", time: 1500),
        // Underline and strikeout bars, at rest and swept with their words.
        GoldenCorpusCase(input: "decoration.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "decoration.srt", preset: "karaoke-fill", time: 1000),
        // Sizes from the markup, WebVTT and TTML regions with their files' styling, 608 rows.
        GoldenCorpusCase(input: "sizes.srt", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "sizes.srt", preset: "highlight-by-word", time: 1000),
        GoldenCorpusCase(input: "webvtt-region.vtt", preset: "plain", time: 1500),
        GoldenCorpusCase(input: "webvtt-region.vtt", preset: "karaoke-fill", time: 1500),
        GoldenCorpusCase(input: "ttml-regions.ttml", preset: "plain", time: 1500),
        GoldenCorpusCase(input: "ttml-regions.ttml", preset: "pop-in", time: 1500),
        GoldenCorpusCase(input: "rows.scc", preset: "plain", time: 1000),
        GoldenCorpusCase(input: "rows.scc", preset: "plain", time: 2500),
    ]
}
