import CaptionModel

/// Applies a profile's rules to a document, caption by caption in file order.
public struct Checker: Sendable {
    public var profile: CheckProfile
    /// Gaps are counted in frames of this rate.
    public var frameRate: FrameRate
    /// The video's duration, for `beyond-video`; nil skips the rule.
    public var videoDuration: Milliseconds?
    /// The video's shot changes, for the profile's shot-change rules; nil (or a profile without them) skips those.
    public var shotChanges: ShotChanges?

    public init(profile: CheckProfile, frameRate: FrameRate? = nil, videoDuration: Milliseconds? = nil, shotChanges: ShotChanges? = nil) {
        self.profile = profile
        self.frameRate = frameRate ?? profile.frameRate
        self.videoDuration = videoDuration
        self.shotChanges = shotChanges
    }

    public func check(_ document: CaptionDocument) -> [CheckProblem] {
        var problems: [CheckProblem] = []
        let shots = shotRules
        for (index, event) in document.events.enumerated() {
            let previous = index > 0 ? document.events[index - 1] : nil
            problems += check(event, number: index + 1, after: previous)
            if let shots { problems += shots.problems(event, number: index + 1) }
        }
        return problems
    }

    var shotRules: ShotChangeRules? { ShotChangeRules(profile: profile, shots: shotChanges) }

    /// The problems of one caption; `previous` is the caption before it in the file.
    func check(_ event: CaptionEvent, number: Int, after previous: CaptionEvent?) -> [CheckProblem] {
        var problems: [CheckProblem] = []
        func report(_ rule: CheckRule, _ value: Double, _ limit: Double, _ unit: String) {
            problems.append(CheckProblem(caption: number, rule: rule, value: value, limit: limit, unit: unit))
        }
        let text = CaptionTextMeasure(event.text.plain)
        let seconds = Double(event.end - event.start) / 1000

        if text.characters == 0 { report(.empty, 0, 1, "characters") }
        if let previous {
            let gap = event.start - previous.end
            if gap < 0 {
                report(.overlap, Double(-gap) / 1000, 0, "s")
            } else if let minGap = profile.minGapFrames, frames(gap) < minGap {
                report(.minGap, Double(frames(gap)), Double(minGap), "frames")
            }
        }
        if let limit = profile.maxLineLength, text.longestLine > limit {
            report(.lineLength, Double(text.longestLine), Double(limit), "characters")
        }
        if let limit = profile.maxLines, text.lines > limit { report(.lineCount, Double(text.lines), Double(limit), "lines") }
        if let limit = profile.minDuration, event.end - event.start < limit {
            report(.minDuration, seconds, Double(limit) / 1000, "s")
        }
        if let limit = profile.maxDuration, event.end - event.start > limit {
            report(.maxDuration, seconds, Double(limit) / 1000, "s")
        }
        // A caption of no duration has no reading speed: min-duration already says what is wrong.
        if let limit = profile.maxReadingSpeed, let speed = readingSpeed(text, seconds: seconds), speed > limit {
            report(.readingSpeed, speed, limit, profile.readingSpeedUnit.rawValue)
        }
        if let duration = videoDuration, event.end > duration {
            report(.beyondVideo, Double(event.end) / 1000, Double(duration) / 1000, "s")
        }
        return problems
    }

    /// A caption's reading speed in the profile's unit (characters a second or words a minute), to a
    /// tenth, as the reading-speed rule measures it; nil for a caption of no duration or no text.
    public func readingSpeed(of event: CaptionEvent) -> Double? {
        readingSpeed(CaptionTextMeasure(event.text.plain), seconds: Double(event.end - event.start) / 1000)
    }

    /// The same from what the rules measured; to a tenth, the precision the rule compares and reports.
    func readingSpeed(_ text: CaptionTextMeasure, seconds: Double) -> Double? {
        guard seconds > 0, text.characters > 0 else { return nil }
        let speed = switch profile.readingSpeedUnit {
        case .charactersPerSecond: Double(text.characters) / seconds
        case .wordsPerMinute: Double(text.words) / seconds * 60
        }
        return (speed * 10).rounded() / 10
    }

    /// A gap in whole frames, rounded: subtitle times are frame times rounded to the millisecond.
    func frames(_ ms: Milliseconds) -> Int {
        frameRate.frame(at: ms)
    }
}

/// What the rules count in a caption's plain text.
struct CaptionTextMeasure {
    /// Characters (grapheme clusters) including spaces and punctuation, line breaks not counted.
    let characters: Int
    /// The longest line in characters.
    let longestLine: Int
    /// Lines that are not blank.
    let lines: Int
    /// Whitespace-separated words.
    let words: Int

    init(_ plain: String) {
        let trimmed: [Substring] = plain.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                var line = line
                while let c = line.first, c == " " || c == "\t" { line.removeFirst() }
                while let c = line.last, c == " " || c == "\t" { line.removeLast() }
                return line
            }
            .filter { !$0.isEmpty }
        characters = trimmed.reduce(0) { $0 + $1.count }
        longestLine = trimmed.map { $0.count }.max() ?? 0
        lines = trimmed.count
        words = trimmed.reduce(0) { $0 + $1.split(whereSeparator: { $0.isWhitespace }).count }
    }
}
