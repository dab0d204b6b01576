import ArgumentParser
import CaptionModel
import CaptionPipeline
import CaptionStyles

/// The paging options as flags, shared by the commands that group word timings into captions. Unset
/// flags keep the chosen style's paging (`PagingOverrides`).
struct PagingFlags: ParsableArguments {
    /// The title of the group in the help of the commands that page word timings into captions.
    static let title = "Paging (grouping words into captions)"

    @Option(name: .customLong("max-chars"), help: "Characters per line when grouping words into captions.")
    var maxChars: Int?

    @Option(name: .customLong("max-lines"), help: "Lines per caption.")
    var maxLines: Int?

    @Option(name: .customLong("max-words"), help: "Words per caption.")
    var maxWords: Int?

    @Option(name: .customLong("max-duration"), help: "Longest caption, in seconds.")
    var maxDuration: Double?

    @Option(name: .customLong("min-duration"), help: "Shortest caption, in seconds (held longer when the next allows).")
    var minDuration: Double?

    @Option(name: .customLong("max-gap"), help: "A pause longer than this (seconds) ends a caption.")
    var maxGap: Double?

    @Option(name: .customLong("hold-gap"), help: "Keep a caption up until the next when the gap is at most this (seconds).")
    var holdGap: Double?

    @Flag(name: .customLong("no-sentence-break"), help: "Do not end captions after sentence punctuation.")
    var noSentenceBreak = false

    @Flag(name: .customLong("no-balance"), help: "Fill lines greedily instead of balancing them.")
    var noBalance = false

    /// True when any flag was given: paging then applies to any input with word timings.
    var isSet: Bool {
        maxChars != nil || maxLines != nil || maxWords != nil || maxDuration != nil || minDuration != nil
            || maxGap != nil || holdGap != nil || noSentenceBreak || noBalance
    }

    func validate() throws {
        for (name, value) in [("--max-chars", maxChars), ("--max-lines", maxLines), ("--max-words", maxWords)] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1") }
        }
        for (name, value) in [("--max-duration", maxDuration), ("--min-duration", minDuration), ("--max-gap", maxGap), ("--hold-gap", holdGap)] {
            if let value, !(value >= 0 && value < 86_400) { throw ValidationError("\(name) must be between 0 and 86400 seconds") }
        }
    }

    /// The flags as the pipeline takes them (`CaptionInput`).
    var overrides: PagingOverrides {
        var o = PagingOverrides()
        o.maxCharsPerLine = maxChars
        o.maxLines = maxLines
        o.maxWordsPerPage = maxWords
        o.maxDuration = maxDuration.map(ms)
        o.minDuration = minDuration.map(ms)
        o.maxGap = maxGap.map(ms)
        o.holdGap = holdGap.map(ms)
        if noSentenceBreak { o.breakAfterSentence = false }
        if noBalance { o.balanceLines = false }
        return o
    }

    func options(base: PagingOptions = PagingOptions()) -> PagingOptions { overrides.applied(to: base) }

    private func ms(_ seconds: Double) -> Milliseconds { CaptionTime.milliseconds(fromSeconds: seconds) ?? 0 }
}
