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
