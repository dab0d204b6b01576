/// One spoken word with its timing, for karaoke styles.
public struct Word: Sendable, Hashable {
    public var text: String
    public var start: Milliseconds
    public var end: Milliseconds
    /// True when the source gave no time for this word and it was interpolated from its neighbours.
    public var interpolated: Bool
    public var speaker: String?

    public init(text: String, start: Milliseconds, end: Milliseconds, interpolated: Bool = false, speaker: String? = nil) {
        self.text = text; self.start = start; self.end = end
        self.interpolated = interpolated; self.speaker = speaker
    }
}
