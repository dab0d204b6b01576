import CaptionModel

/// MicroDVD (`.sub`): `{start frame}{end frame}Text|Second line`, times in video frames. Read-only
/// (frame-based output would need the video's frame rate to mean anything); written as the toolkit's
/// JSON. The frame rate comes from `ReadOptions.frameRate` (`--fps`), the file's `{1}{1}FPS` line, or
/// 23.976 with a warning: see `MicroDVDReader`.
public enum MicroDVDFormat: SubtitleFormat {
    public static let name = "microdvd"
    public static let fileExtensions = ["sub"]
    public static let canWrite = false

    /// Certain when the first non-blank line is `{frame}{frame}`; plausible when a later line of the
    /// first 64 is. (`{\an8}` in SRT is an override block, not a frame number.)
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[..<min(b.count, 8192)]))
            var first = true
            while let line = scanner.next(), scanner.lineNumber <= 64 {
                guard !b.isBlank(line) else { continue }
                if MicroDVDReader.parse(b.string(line), number: scanner.lineNumber) != nil { return first ? .certain : .maybe }
                first = false
            }
            return .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try read(text, options: ReadOptions()) }

    public static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult {
        try MicroDVDReader.read(text, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        CaptionJSONFormat.write(document, options: options)
    }
}
