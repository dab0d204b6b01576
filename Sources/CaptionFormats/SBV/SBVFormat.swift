import CaptionModel

/// YouTube's SubViewer captions (`.sbv`): a timing line `0:00:01.000,0:00:02.500`, the text lines
/// after it, a blank line between cues. No index numbers, no header, no markup.
public enum SBVFormat: SubtitleFormat {
    public static let name = "sbv"
    public static let fileExtensions = ["sbv"]

    /// Certain when the first non-blank line is an SBV timing (that is how every SBV file starts);
    /// plausible when one comes later in the first 64 lines. An SBV timing has no `-->`, so SRT and
    /// WebVTT timings never pass for one, and SBV text never passes for theirs.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[..<min(b.count, 8192)]))
            var sawText = false
            while let line = scanner.next(), scanner.lineNumber <= 64 {
                if b.isBlank(line) { continue }
                if SBVTiming.parse(b, line) != nil { return sawText ? .maybe : .certain }
                sawText = true
            }
            return .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try SBVReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        SBVWriter.write(document)
    }
}
