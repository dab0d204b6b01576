import CaptionModel

/// SubRip (`.srt`).
public enum SRTFormat: SubtitleFormat {
    public static let name = "srt"
    public static let fileExtensions = ["srt"]

    /// Certain when an early line is an SRT timing with a comma (WebVTT uses a dot), plausible with a dot.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[..<min(b.count, 8192)]))
            var score = DetectionScore.no
            while let line = scanner.next(), scanner.lineNumber < 64 {
                guard SRTTiming.parse(b, line) != nil else { continue }
                score = b[line].contains(0x2C) ? .certain : .maybe
                break
            }
            return score
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try SRTReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        writeInMemory(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        SRTWriter.write(document, options: options, into: sink)
    }
}
