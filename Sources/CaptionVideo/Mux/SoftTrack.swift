import CaptionModel

/// A subtitle track to add to a video file (`captions mux`): its events as ASS (the form libavcodec's
/// text subtitle encoders take), the codec to store them in, and how players should label it.
public struct SoftTrack: Sendable {
    public enum Codec: String, Sendable {
        case subrip, webvtt, ass
        case movText = "mov_text"
    }

    /// One caption: its time span and its ASS event fields after the times
    /// (`Layer` and `Style,Name,MarginL,MarginR,MarginV,Effect,Text`).
    public struct Event: Sendable, Hashable {
        public var start: Milliseconds
        public var end: Milliseconds
        public var layer: String
        public var fields: String

        public init(start: Milliseconds, end: Milliseconds, layer: String = "0", fields: String) {
            self.start = start; self.end = end; self.layer = layer; self.fields = fields
        }
    }

    /// A header with no styles: the text encoders then write only what the events' own tags say.
    public static let unstyledHeader = "[Script Info]\nScriptType: v4.00+\n"

    /// What mov_text is given instead: libavcodec's mov_text encoder needs a Default style. Without
    /// one it writes the first caption's text up to its first tag as size 0 in transparent black (its
    /// style state starts zeroed until one caption has been encoded) and a font table box whose size
    /// leaves out the font's name. This is the header libavcodec gives text read from SRT, so the track
    /// is the one `ffmpeg -i IN -i X.srt -c:s mov_text` writes (Arial 16, white, bottom centre).
    public static let movTextHeader = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, \
        ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

        """

    public var codec: Codec
    /// The ASS script header (`[Script Info]` and the styles, without `[Events]`): the ass track's
    /// CodecPrivate, and what the mov_text encoder takes its default style from.
    public var header: String
    public var events: [Event]
    public var language: String?
    public var title: String?
    public var isDefault = false
    public var isForced = false
    /// Font files to attach (Matroska only), so players draw the track with the fonts it was made with.
    public var fonts: [String] = []

    public init(codec: Codec, header: String, events: [Event]) {
        self.codec = codec; self.header = header; self.events = events
    }

    /// An ASS script's header and Dialogue lines. `times`, when given (one per Dialogue line, in
    /// order), replaces the lines' centisecond times with the caption model's milliseconds.
    public init(codec: Codec, assScript: String, times: [(start: Milliseconds, end: Milliseconds)]? = nil) {
        let parsed = ASSScriptEvents(assScript)
        var events = parsed.events
        if let times, times.count == events.count {
            for i in events.indices { events[i].start = times[i].start; events[i].end = times[i].end }
        }
        self.init(codec: codec, header: parsed.header, events: events)
    }
}
