import CaptionModel
import CaptionStyles

/// Repairs what can be repaired without changing what a caption says:
/// - over-long lines re-broken with the paging engine's balanced line breaker (only line breaks move;
///   a layout that would still break a line rule is not applied);
/// - overlaps and gaps shorter than the profile's by moving the earlier caption's end back (not when
///   that would leave it no time at all);
/// - captions shorter than the profile's minimum lengthened into the free time after them, up to the
///   next caption's required gap (and the video's end).
/// - with shot changes, last, starts and ends moved as the shot-change rules say (`ShotChangeFixes`),
///   each move kept only when it leaves no new problem around it.
/// Everything else stays as it is, for the checker to report.
public struct Fixer: Sendable {
    public var checker: Checker

    public init(checker: Checker) { self.checker = checker }

    public func fix(_ document: CaptionDocument) -> (document: CaptionDocument, fixes: [CheckFix]) {
        var events = document.events
        var fixes: [CheckFix] = []
        let profile = checker.profile
        let gap = profile.minGapFrames.map { checker.frameRate.milliseconds(frames: $0) } ?? 0

        for i in events.indices {
            if let fix = rebreak(&events[i], number: i + 1) { fixes.append(fix) }
        }
        for i in events.indices.dropLast() {
            let next = events[i + 1].start
            let tooClose = profile.minGapFrames.map { checker.frames(next - events[i].end) < $0 } ?? false
            guard next < events[i].end || tooClose, next - gap > events[i].start else { continue }
            let rule: CheckRule = next < events[i].end ? .overlap : .minGap
            fixes.append(setEnd(&events[i], next - gap, number: i + 1, rule: rule))
        }
        if let minimum = profile.minDuration {
            for i in events.indices where events[i].end - events[i].start < minimum {
                var limit = events[i].start + minimum
                if i + 1 < events.count { limit = min(limit, events[i + 1].start - gap) }
                if let video = checker.videoDuration { limit = min(limit, video) }
                if limit > events[i].end { fixes.append(setEnd(&events[i], limit, number: i + 1, rule: .minDuration)) }
            }
        }
        // Last, so that no shot-change move takes the time another repair needed: each move is kept
        // only if it leaves the captions around it no problem they did not have.
        if let shots = checker.shotRules { fixes += snapToShotChanges(&events, rules: shots) }
        var fixed = document
        fixed.events = events
        return (fixed, fixes)
    }

    func setEnd(_ event: inout CaptionEvent, _ end: Milliseconds, number: Int, rule: CheckRule, why: String = "") -> CheckFix {
        let old = event.end
        event.end = end
        Self.keepWordsInside(&event)
        return CheckFix(caption: number, rule: rule, change: "end moved from \(Timecode.format(old)) to \(Timecode.format(end))" + why)
    }

    /// Words stay inside their caption when one of its edges moves.
    static func keepWordsInside(_ event: inout CaptionEvent) {
        guard !event.words.isEmpty else { return }
        let start = event.start, end = event.end
        event.words = event.words.map { w in
            var w = w
            w.start = min(max(w.start, start), end); w.end = min(max(w.end, w.start), end)
            return w
        }
    }

    /// Re-breaks a caption whose lines are too long or too many, when the balanced layout fits.
    private func rebreak(_ event: inout CaptionEvent, number: Int) -> CheckFix? {
        let profile = checker.profile
        guard let maxChars = profile.maxLineLength else { return nil }
        let plain = event.text.plain
        let before = CaptionTextMeasure(plain)
        let tooLong = before.longestLine > maxChars
        let tooMany = profile.maxLines.map { before.lines > $0 } ?? false
        guard tooLong || tooMany else { return nil }
        let rewrapped = LineBreaker.rewrap(plain, maxCharsPerLine: maxChars, balance: true)
        let after = CaptionTextMeasure(rewrapped)
        guard after.longestLine <= maxChars, profile.maxLines.map({ after.lines <= $0 }) ?? true,
              let spans = TextRewrap.moveSpans(event.text.spans, from: plain, to: rewrapped) else { return nil }
        event.text = CaptionText(plain: rewrapped, spans: spans)
        let rule: CheckRule = tooLong ? .lineLength : .lineCount
        return CheckFix(caption: number, rule: rule, change: "re-broken into \(after.lines) line\(after.lines == 1 ? "" : "s") of at most \(after.longestLine) characters")
    }
}
