/// The fields of an ASS Dialogue line the caption model has no other place for.
public struct ASSEventFields: Sendable, Hashable {
    /// Higher layers are drawn over lower ones, and collide only with their own layer.
    public var layer: Int = 0
    /// The Name (Actor) field: the speaker in most scripts.
    public var name: String = ""
    /// Per-event margins in script pixels; 0 means the style's.
    public var marginLeft: Int = 0
    public var marginRight: Int = 0
    public var marginVertical: Int = 0
    /// `Banner;...`, `Scroll up;...`, `Scroll down;...`, or anything a script keeps there (templater).
    public var effect: String = ""
    /// A digest of what the event's text said when it was read (plain text, spans, word times relative
    /// to the start, placement). While the event still says that, its Text field is written back as it
    /// was read (`CaptionEvent.sourceText`), override tags and all; an edit of the text or the words
    /// changes the digest, and the writer then builds the Text field from the model.
    public var textDigest: Int = 0

    public init() {}
}

extension CaptionEvent {
    /// The digest `ASSEventFields.textDigest` keeps: what the event's text says, with word times relative
    /// to the event's start (a shift keeps it; scaling the words or editing the text changes it).
    public var assTextDigest: Int {
        var hasher = Hasher()
        hasher.combine(plainText)
        hasher.combine(spans)
        hasher.combine(placement)
        let start = self.start
        for word in words {
            hasher.combine(word.text)
            hasher.combine(word.start - start)
            hasher.combine(word.end - start)
        }
        return hasher.finalize()
    }
}
