import CaptionModel

/// WebVTT (`.vtt`), read by the W3C parsing algorithm and written so that reading it back gives the
/// same document.
public enum WebVTTFormat: SubtitleFormat {
    public static let name = "vtt"
    public static let fileExtensions = ["vtt"]

    /// Certain when the W3C signature is there ("WEBVTT" then a space, tab or line end); otherwise no,
    /// since a WebVTT parser rejects anything else.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { WebVTTReader.hasSignature($0) } ? .certain : .no
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try WebVTTReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        writeInMemory(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        WebVTTWriter.write(document, options: options, into: sink)
    }
}
