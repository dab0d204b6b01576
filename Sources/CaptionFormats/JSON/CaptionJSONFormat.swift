import CaptionModel

/// JSON, read in any shape the toolkit knows: its own (`captions convert --to json`) or a
/// speech-to-text tool's (WhisperX, Deepgram...). Writing always gives the toolkit's own.
public enum CaptionJSONFormat: SubtitleFormat {
    public static let name = "json"
    public static let fileExtensions = ["json", "json3"]

    /// Any JSON object or array: which shape it is, is decided on reading, from the parsed value. An
    /// array is certain when it holds objects (or nothing); `[00:12.00]` opens LRC lyrics as well, so
    /// another array is only plausible, and `[ar:...]` (no JSON value starts with a letter other than
    /// true, false, null) is not JSON.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
            guard let first = b.firstIndex(where: { !isSpace($0) }) else { return .no }
            if b[first] == 0x7B { return .certain }
            guard b[first] == 0x5B else { return .no }
            guard let next = b[(first + 1)...].first(where: { !isSpace($0) }) else { return .maybe }
            if next == 0x7B || next == 0x5D { return .certain }
            // What else may start a value: `[`, `"`, a number, true, false, null.
            return next == 0x5B || next == 0x22 || next == 0x2D || (0x30...0x39).contains(next) || next == 0x74 || next == 0x66 || next == 0x6E
                ? .maybe : .no
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
        writeInMemory(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        CaptionJSONWriter.write(document, options: options, into: sink)
    }
}
