import CaptionModel

/// What captions are synced to: a signal every 10 ms in -1 ... 1, +1 where the captions should be.
public struct SyncReference: Sendable {
    public var signal: [Float]
    /// What the signal is: speech, whose onsets caption starts line up with (caption ends are loose),
    /// or another caption file, whose ends are as deliberate as its starts.
    public var kind: Kind
    /// A second reading of the same recording (`SpeechActivity.levelContrast`): the search tries both
    /// and keeps the one the captions stand out on more clearly (`SyncSearch.run`).
    public var alternative: [Float]?

    public enum Kind: Sendable { case speech, captions }

    public init(signal: [Float], kind: Kind, alternative: [Float]? = nil) {
        self.signal = signal
        self.kind = kind
        self.alternative = alternative
    }

    /// The speech in a recording: +1 certain speech, -1 certain silence; and its level's contrast.
    public init(speech: SpeechActivity) {
        signal = speech.probability.map { 2 * $0 - 1 }
        kind = .speech
        alternative = speech.levelContrast.isEmpty ? nil : speech.levelContrast
    }

    /// Another caption file's timing: +1 inside its captions, -1 between them, nothing outside its span
    /// (before its first caption and after its last, the reference says nothing).
    public init(captions: CaptionDocument) {
        let frame = SpeechActivity.frameMilliseconds
        let first = captions.events.map(\.start).min() ?? 0
        let last = captions.events.map(\.end).max() ?? 0
        var signal = [Float](repeating: 0, count: max(0, last / frame + 1))
        for f in (first / frame)..<signal.count { signal[f] = -1 }
        for e in captions.events where e.end > e.start {
            for f in (e.start / frame)..<min(signal.count, (e.end + frame - 1) / frame) { signal[f] = 1 }
        }
        self.signal = signal
        kind = .captions
    }
}
