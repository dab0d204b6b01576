import CaptionModel

/// JSON, read in any shape the toolkit knows: its own (`captions convert --to json`) or a
/// speech-to-text tool's (WhisperX, Deepgram...). Writing always gives the toolkit's own.
public enum CaptionJSONFormat: SubtitleFormat {
    public static let name = "json"
    public static let fileExtensions = ["json", "json3"]

    /// Any JSON object or array: which shape it is, is decided on reading, from the parsed value.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            guard let first = b.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return .no }
            return first == 0x7B || first == 0x5B ? .certain : .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult {
        let root = try JSONDocument.parse(text)
        if CaptionJSONReader.matches(root) { return try CaptionJSONReader.read(root, text: text) }
        guard let format = WordTimedFormats.all.first(where: { $0.matches(root) }) else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): JSON of a shape this toolkit does not know; it reads the toolkit's own JSON and \(WordTimedFormats.titles.joined(separator: ", "))")
        }
        return try WordTimedReader.read(root, text: text, as: format)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        WriteResult(text: CaptionJSONWriter.write(document))
    }
}
