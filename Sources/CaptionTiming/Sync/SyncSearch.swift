import CaptionModel
import Foundation

/// Finds how a caption file is off from its reference: one offset and frame-rate factor for the whole
/// file, or with `splits`, a few segments each with its own offset (alass's model: a cut or an ad break
/// moves everything after it).
///
/// The search maximizes agreement (`AgreementScorer`): every offset within `maxOffset` on a 100 ms grid
/// for each candidate factor (one factor per core), the best refined on a 10 ms grid, then to the
/// millisecond; a peak is as wide as a second of speech at least, so the coarse grid cannot step over
/// it. Against speech, caption starts are lined up with speech onsets (`.starts`); against another
/// caption file, whole captions with its cues (`.spans`).
/// A factor other than none wins only by a clear margin (`rateMargin` of its peak's height), because
/// near 1 (1.001) a short file cannot tell them apart and noise would otherwise pick one at random.
public struct SyncSearch: Sendable {
    public var maxOffset: Milliseconds = 60_000
    public var tryFrameRates = true
    public var splits = false
    /// What one more segment must gain, in frames of agreement (10 ms of speech under a caption each):
    /// a split is worth it when it puts about six seconds of captions back on speech.
    public var splitPenalty: Double = 600

    /// Offsets are tried every 100 ms, then every 10 ms around the best, then every millisecond.
    static let coarseStep = 100.0
    static let fineStep = 10.0
    static let rateMargin = 0.03

    public init() {}

    /// Syncs `document`'s captions to the signal (see `SyncReference`); where the reference has a
    /// second reading of the speech, to whichever of the two the captions stand out on more clearly
    /// (one offset; with `splits`, the first reading only).
    public func run(_ document: CaptionDocument, to reference: SyncReference) -> SyncResult {
        let first = run(document, signal: reference.signal, kind: reference.kind)
        // Not for splits: on the level's reading the breaks are found less surely (the sync benchmark's
        // clean ad break: the break two captions late at 2.21, where the detector found it at 1.60).
        guard let alternative = reference.alternative, !splits else { return first }
        var second = run(document, signal: alternative, kind: reference.kind)
        second.reading = .level
        return Self.clearer(first, second)
    }

    /// Of two results for the same captions, the one to trust: halves or thirds that disagree make a
    /// result unsure whatever its margin (`SyncResult.isConfident`); otherwise the larger margin. Two
    /// tries give unrelated captions two chances; SyncCalibrationTests measures what is kept, and the
    /// thirds check is what holds it (1,872 unrelated layouts, none sure).
    static func clearer(_ a: SyncResult, _ b: SyncResult) -> SyncResult {
        if a.partsDisagree != b.partsDisagree { return a.partsDisagree ? b : a }
        return b.confidence > a.confidence ? b : a
    }

    func run(_ document: CaptionDocument, signal: [Float], kind: SyncReference.Kind) -> SyncResult {
        let order = document.events.indices.sorted { document.events[$0].start < document.events[$1].start }
        let intervals = order.map { CaptionInterval(start: Double(document.events[$0].start), end: Double(document.events[$0].end)) }
        let scorer = AgreementScorer(signal: signal, scoring: kind == .speech ? .starts : .spans)
        guard !intervals.isEmpty, scorer.frameCount > 0 else {
            return SyncResult(ratio: .identity, segments: [.init(from: .min, offset: 0)], confidence: 0, agreement: 0, captions: intervals.count)
        }

        // 1. The factor and offset for the whole file.
        let ratios = tryFrameRates ? FrameRateRatio.common : [.identity]
        // One factor per core: each is a full pass over the offsets.
        let found = ParallelSlots.map(ratios.count) { [self] k in peak(intervals, scorer, ratio: ratios[k].value) }
        var peaks: [(ratio: FrameRateRatio, peak: Peak)] = Array(zip(ratios, found))
        let plain = peaks[0]
        peaks.sort { $0.peak.score > $1.peak.score }
        var chosen = peaks[0]
        if !chosen.ratio.isIdentity, chosen.peak.score - plain.peak.score < Self.rateMargin * chosen.peak.height {
            chosen = plain
        }
        let ratio = chosen.ratio.value
        var segments = [SyncResult.Segment(from: .min, offset: refine(intervals, scorer, ratio: ratio, around: chosen.peak.offset))]
        var confidence = chosen.peak.standsOut
        // Captions timed to their speech also stand out by their whole spans; captions that outlast
        // their speech stand out by their starts only. Either is evidence (each was measured against
        // unrelated captions: SyncSearchTests, SyncOutlastTests).
        if scorer.scoring == .starts {
            confidence = max(confidence, peak(intervals, scorer.scored(.spans), ratio: ratio).standsOut)
        }

        // 2. Segments, each refined on its own captions. The whole file's peak is split between the
        // segments' offsets, so its confidence says nothing here. The breaks are found on whole spans
        // (the penalty is in those units; scored by starts, noise alone made or hid breaks), each
        // segment's offset then by starts within `pieceReach` of the break search's.
        if splits {
            let pieces = SplitSearch(maxOffset: Double(maxOffset), penalty: splitPenalty).run(intervals, scorer.scored(.spans), ratio: ratio)
            if pieces.count > 1 {
                segments = pieces.map { piece in
                    let own = Array(intervals[piece.captions])
                    let from: Milliseconds = piece.captions.lowerBound == 0 ? .min
                        : Int(((intervals[piece.captions.lowerBound - 1].end + intervals[piece.captions.lowerBound].start) / 2).rounded())
                    let near = bestOnFineGrid(own, scorer, ratio: ratio, around: piece.offset, within: Self.pieceReach)
                    return SyncResult.Segment(from: from, offset: refine(own, scorer, ratio: ratio, around: near))
                }
                // The captions with each segment's jump undone (moved as the first segment moves): how
                // far their one best alignment stands out is the whole result's confidence.
                var joined = intervals
                for (k, piece) in pieces.enumerated() where k > 0 {
                    let jump = Double(segments[k].offset - segments[0].offset) / ratio
                    for i in piece.captions { joined[i].start += jump; joined[i].end += jump }
                }
                // (On whole spans, as the breaks were found: starts fitted piece by piece to unrelated
                // captions stood out as much as real ones.)
                confidence = peak(joined, scorer.scored(.spans), ratio: ratio).standsOut
            }
        }

        // The share of the captions' time on speech (what the summary reports) is about whole spans.
        let spans = scorer.scored(.spans)
        let agreement = segments.indices.reduce(0.0) { total, k in
            let own = intervals.filter { Int($0.start) >= segments[k].from && (k + 1 == segments.count || Int($0.start) < segments[k + 1].from) }
            return total + spans.score(own, ratio: ratio, offset: Double(segments[k].offset))
        }
        let frames = intervals.reduce(0.0) { $0 + ($1.end - $1.start) * ratio / AgreementScorer.frameMilliseconds }
        var result = SyncResult(ratio: chosen.ratio, segments: segments, confidence: confidence,
                                agreement: frames > 0 ? (agreement / frames + 1) / 2 : 0, captions: intervals.count)
        // 3. A check the peak's margin cannot give: every other caption, each half on its own, should
        // find the same offset (captions of this speech do; unrelated ones almost never).
        if segments.count == 1, intervals.count >= 8 {
            result.halvesAgree = partsAgree(2, intervals, scorer, ratio: ratio, offset: chosen.peak.offset)
        }
        // And every third caption: unrelated captions whose halves agreed by chance stood out by up to
        // 2.07 (SyncCalibrationTests, 2026-12-01); their thirds agreed in none of 1,872 layouts. (Not
        // asked where the halves already disagree: the result is unsure either way.)
        if segments.count == 1, intervals.count >= SyncResult.thirdsFrom, result.halvesAgree != false {
            result.thirdsAgree = partsAgree(3, intervals, scorer, ratio: ratio, offset: chosen.peak.offset)
        }
        return result
    }

    /// Whether each of `parts` interleaved parts of the captions (every `parts`-th caption) finds the
    /// whole file's offset on its own, within 200 ms.
    func partsAgree(_ parts: Int, _ intervals: [CaptionInterval], _ scorer: AgreementScorer, ratio: Double, offset: Double) -> Bool {
        (0..<parts).allSatisfy { k in
            let part = intervals.indices.filter { $0 % parts == k }.map { intervals[$0] }
            return abs(peak(part, scorer, ratio: ratio).offset - offset) <= 200
        }
    }

    /// The best offset on the coarse grid for one factor, with how far it stands out.
    struct Peak {
        var offset: Double
        var score: Double
        /// Above the mean over all offsets.
        var height: Double
        /// The height over the runner-up's (the best alignment more than 1.5 s away).
        var standsOut: Double
    }

    func peak(_ intervals: [CaptionInterval], _ scorer: AgreementScorer, ratio: Double) -> Peak {
        let steps = Int(Double(maxOffset) / Self.coarseStep)
        var scores = [Double](repeating: 0, count: 2 * steps + 1)
        var best = 0
        for k in scores.indices {
            scores[k] = scorer.score(intervals, ratio: ratio, offset: Double(k - steps) * Self.coarseStep)
            if scores[k] > scores[best] || (scores[k] == scores[best] && abs(k - steps) < abs(best - steps)) { best = k }
        }
        let mean = scores.reduce(0, +) / Double(scores.count)
        // The runner-up: the best score at least a second and a half from the peak (outside its lobe).
        let lobe = Int(1_500 / Self.coarseStep)
        var second = mean
        for k in scores.indices where abs(k - best) > lobe { second = max(second, scores[k]) }
        let height = scores[best] - mean
        // The peak itself on the fine grid within a coarse step each side.
        var offset = Double(best - steps) * Self.coarseStep, score = scores[best]
        let reach = Int(Self.coarseStep / Self.fineStep)
        for d in -reach...reach where d != 0 {
            let o = Double(best - steps) * Self.coarseStep + Double(d) * Self.fineStep
            let s = scorer.score(intervals, ratio: ratio, offset: o)
            if s > score { score = s; offset = o }
        }
        return Peak(offset: offset, score: score, height: height + (score - scores[best]),
                    standsOut: height > 0 ? height / max(second - mean, height * 1e-3) : 0)
    }

    /// How far from the split search's offset a segment's own offset is looked for: whole spans place
    /// captions that outlast their speech anywhere along a plateau that long.
    static let pieceReach = 1_500.0

    /// The best offset on the fine grid within `reach` of `around` (the earliest of equals).
    func bestOnFineGrid(_ intervals: [CaptionInterval], _ scorer: AgreementScorer, ratio: Double, around: Double, within reach: Double) -> Double {
        var best = around, bestScore = -Double.infinity
        for d in -Int(reach / Self.fineStep)...Int(reach / Self.fineStep) {
            let o = around + Double(d) * Self.fineStep
            let s = scorer.score(intervals, ratio: ratio, offset: o)
            if s > bestScore { bestScore = s; best = o }
        }
        return best
    }

    /// The best offset to the millisecond within a fine step and a half of `around`; ties go to the
    /// middle of the best run (a plateau means the captions fit anywhere along it).
    func refine(_ intervals: [CaptionInterval], _ scorer: AgreementScorer, ratio: Double, around: Double) -> Milliseconds {
        let reach = Int(Self.fineStep * 1.5)
        var best = -Double.infinity
        var run: [Int] = []
        for d in -reach...reach {
            let offset = Int(around.rounded()) + d
            let s = scorer.score(intervals, ratio: ratio, offset: Double(offset))
            if s > best + 1e-9 { best = s; run = [offset] } else if abs(s - best) <= 1e-9 { run.append(offset) }
        }
        return run[run.count / 2]
    }
}
