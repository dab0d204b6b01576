import CaptionModel

/// One subtitle format: how sure it is that some text is its own, how to read it, how to write it.
/// Each format lives in its own files; `FormatRegistry` lists them.
public protocol SubtitleFormat: Sendable {
    /// The name used by `--from`/`--to` (`srt`, `vtt`, `json`).
    static var name: String { get }
    /// File extensions (lower case, no dot) that hint at this format.
    static var fileExtensions: [String] { get }
    /// How strongly the content looks like this format.
    static func detect(_ text: DecodedText) -> DetectionScore
    /// Reads the whole input. Throws `CaptionFormatError(.malformed, ...)` when nothing usable is there;
    /// recoverable problems come back as warnings in the result.
    static func read(_ text: DecodedText) throws -> ParseResult
    /// Reads with options (a frame rate for frame-based input). Formats that need none get the
    /// default, which calls `read(_:)`.
    static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult
    /// Writes a document; `diagnostics` collects what the format could not carry.
    static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult
    /// Writes a document as bytes into `sink` (which may stream them to a file), returning what the
    /// format could not carry. The default writes `write(_:options:)`'s text; the formats that large
    /// files are converted to (SRT, WebVTT, ASS, JSON) write bytes directly and build their text from
    /// this instead. A new format implements one of the two.
    static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic]
    /// False for input-only formats (a speech-to-text tool's JSON).
    static var canWrite: Bool { get }
}

extension SubtitleFormat {
    public static var canWrite: Bool { true }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        let result = write(document, options: options)
        sink.appendString(result.text)
        return result.diagnostics
    }

    /// The text a bytes-first format writes into memory.
    static func writeInMemory(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        let sink = ByteSink(capacity: 64 + document.events.count * 96)
        let diagnostics = write(document, options: options, into: sink)
        return WriteResult(text: sink.string, diagnostics: diagnostics)
    }
    public static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult { try read(text) }
}

public enum DetectionScore: Int, Sendable, Comparable {
    case no = 0
    /// Plausible, but other formats could claim it too (the extension breaks ties).
    case maybe = 1
    /// The format's signature is present.
    case certain = 2
    public static func < (a: DetectionScore, b: DetectionScore) -> Bool { a.rawValue < b.rawValue }
}

public struct WriteOptions: Sendable {
    /// WebVTT: write word timings as inline timestamps.
    public var wordTimestamps = false
    /// Format every event on the calling thread. By default a long document's events are formatted on
    /// all cores (`EventChunks`), which gives the same bytes; this is for callers that want one thread.
    public var singleThreaded = false
    /// Frame-based output (SCC, EBU STL): the frame rate its time codes count (`--fps`); nil is the
    /// format's default (29.97 drop-frame for SCC, 25 for STL).
    public var frameRate: FrameRate?
    /// SCC at 29.97: drop-frame (`;`, nil or true: the default) or non-drop (`:`, false) time codes.
    /// At 30 fps time codes are always non-drop.
    public var dropFrame: Bool?
    /// SCC: how the captions are shown (`--cc-mode`); nil lets the writer choose (pop-on, or roll-up
    /// for word-timed input).
    public var ccMode: CEA608Mode?
    /// SCC: the channel written (`--channel`).
    public var channel: CEA608Channel = .cc1
    public init() {}
}

public struct WriteResult: Sendable {
    public var text: String
    public var diagnostics: [Diagnostic]
    public init(text: String, diagnostics: [Diagnostic] = []) { self.text = text; self.diagnostics = diagnostics }
}
