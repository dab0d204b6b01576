import CaptionModel

extension CaptionEvent {
    /// True for an event read from ASS that still says what its Text field says: the ASS writer then
    /// writes the Text field as it was read.
    public var keepsASSText: Bool { ass.map { $0.textDigest == assTextDigest } ?? false }

    /// For an event read from ASS: its Text field replaced by `text` (as written, override tags and
    /// all), with the plain text, spans, words and placement read from it again at the event's start,
    /// so the event says what the new Text field says and the ASS writer writes it as given.
    public mutating func setASSText(_ text: String) {
        guard var fields = ass else { return }
        let parsed = ASSTextParser.parse(text, eventStart: start)
        var placement = CuePlacement()
        placement.anchor = parsed.anchor
        placement.point = parsed.point
        self.text = CaptionText(plain: parsed.plain, spans: parsed.spans)
        sourceText = text
        words = parsed.words
        self.placement = placement
        fields.textDigest = assTextDigest
        ass = fields
    }

    /// For an event read from ASS and not edited since (`keepsASSText` before its times changed): the
    /// times inside its override tags moved through `map` as the event's own times were (`ASSTagTimes`),
    /// called after the event's times have been mapped from `start`...`end`.
    public mutating func retimeASSTags(from start: Milliseconds, _ end: Milliseconds, map: (Milliseconds) -> Milliseconds) {
        guard ass != nil else { return }
        let source = sourceText
        let retimed = ASSTagTimes.retimed(source, start: start, end: end, map: map)
        // Words are read again from the Text field even when no tag moved: they are the \k tags'
        // times from the new start (the retimer moved each word on its own, rounding differently).
        setASSText(retimed)
    }
}
