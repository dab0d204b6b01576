import CaptionModel
import Foundation

/// What `SyncSearch` found: the frame-rate factor, the offset of each segment, and how sure it is.
public struct SyncResult: Sendable {
    public var ratio: FrameRateRatio
    /// In input-time order; the first starts at `.min`. One segment without `--splits`.
    public var segments: [Segment]
    /// How far the best alignment stands out: its agreement above the average alignment's, over the
    /// runner-up's (the best alignment more than 1.5 s away), by caption starts or by whole spans,
    /// whichever stands out more. Captions of the speech give 1.4 or more on 26 captions under 10 dB
    /// of noise (more with more captions; captions that outlast their speech under babble, 1.26); the
    /// same captions at unrelated times up to 1.72, which is why `isConfident` asks for halves that
    /// agree too (measured by SyncSearchTests and SyncOutlastTests).
    public var confidence: Double
    /// The share of the captions' time that falls on speech (or on the reference's captions) once
    /// synced, 0 ... 1.
    public var agreement: Double
    public var captions: Int
    /// Whether the captions' two halves (every other caption) each found the whole file's offset on
    /// their own (within 200 ms); nil where that was not asked (segments, fewer than 8 captions).
    /// Unrelated captions almost never agree with themselves like this, so an agreeing result needs
    /// less margin to be sure.
    public var halvesAgree: Bool?
    /// The same for every third caption, asked from `thirdsFrom` captions where the halves agree: a
    /// result whose thirds disagree is never sure.
    public var thirdsAgree: Bool?
    /// Which reading of the reference the result was found on.
    public var reading: Reading = .signal

    public enum Reading: Sendable {
        /// The reference's own signal: the speech detector's probability, or a caption file's cues.
        case signal
        /// The speech level's contrast (`SpeechActivity.levelContrast`).
        case level
    }

    public struct Segment: Sendable, Hashable {
        /// Input time from which this segment's offset applies.
        public var from: Milliseconds
        public var offset: Milliseconds
    }

    /// Below this confidence the sync is refused unless forced; with halves that agree, below
    /// `confidentWithHalvesFrom` (both raised for short files), and a result whose halves disagree is
    /// never sure. Measured
    /// (SyncSearchTests, 2026-11-29): unrelated captions (the same sentences at other times, 26 captions)
    /// stood out by up to 1.72, but by at most 1.38 when their halves agreed (4 of 72 times); captions
    /// of the speech under 10 dB of noise, 1.26 and up, their halves agreeing in every case but babble
    /// at 5 dB.
    public static let confidentFrom = 1.45
    public static let confidentWithHalvesFrom = 1.40
    /// Fewer captions than this ask for more: `fewCaptionsCost` more for each one short of it, as a
    /// share of it. Measured on windows of 8-20 captions of the same recordings (2026-11-29, 432
    /// unrelated layouts): with agreeing halves unrelated captions stood out by up to 1.78 (8 captions),
    /// 2.17 (14) and 1.51 (20), against 1.38 on 26.
    public static let fewCaptions = 26
    public static let fewCaptionsCost = 2.0

    public var isConfident: Bool { !partsDisagree && confidence >= neededConfidence }

    /// Whether the halves or the thirds of the captions found another offset than the whole file.
    public var partsDisagree: Bool { halvesAgree == false || thirdsAgree == false }

    /// From this many captions the thirds are asked too (four captions each at least).
    public static let thirdsFrom = 12

    /// What `isConfident` asks for: the bar for agreeing halves (or, where they were not asked, the
    /// plain bar), raised for files of few captions.
    public var neededConfidence: Double {
        let base = halvesAgree == true ? Self.confidentWithHalvesFrom : Self.confidentFrom
        let short = max(0, Self.fewCaptions - captions)
        return base + Self.fewCaptionsCost * Double(short) / Double(Self.fewCaptions)
    }

    /// The map that applies the result: input time t becomes t x factor + the offset of t's segment.
    public var timeMap: TimeMap {
        .segments(segments.map { TimeMap.Segment(from: $0.from, scale: ratio.scale, offset: $0.offset) })
    }

    /// One line per finding, for people: offset(s), frame rate, confidence.
    public var summary: String {
        var lines: [String] = []
        if segments.count == 1 {
            lines.append("offset \(Self.seconds(segments[0].offset)) s")
        } else {
            lines.append("\(segments.count) segments:")
            for s in segments {
                let from = s.from == .min ? "start" : Timecode.format(s.from)
                lines.append("  from \(from): offset \(Self.seconds(s.offset)) s")
            }
        }
        lines.append("frame rate \(ratio)")
        if reading == .level { lines.append("found on the sound's level (louder than the recording around it), not the speech detector's syllables") }
        let halves = switch (halvesAgree, thirdsAgree) {
        case (nil, _): ""
        case (true?, true?): "; each half and each third of the captions finds it"
        case (true?, nil): "; both halves of the captions find it"
        case (true?, false?): "; the halves of the captions find it, the thirds disagree"
        case (false?, _): "; the halves of the captions disagree"
        }
        lines.append("confidence \(String(format: "%.2f", confidence)) (sure from \(String(format: "%.2f", neededConfidence))\(halves)), \(Int((agreement * 100).rounded()))% of the captions' time on speech")
        return lines.joined(separator: "\n")
    }

    static func seconds(_ ms: Milliseconds) -> String {
        (ms >= 0 ? "+" : "-") + String(format: "%.3f", Double(abs(ms)) / 1000)
    }
}
