import CaptionModel

/// Advanced SubStation Alpha (`.ass`) and SubStation Alpha v4 (`.ssa`).
public enum ASSFormat: SubtitleFormat {
    public static let name = "ass"
    public static let fileExtensions = ["ass", "ssa"]

    /// Certain when an early line is `[Script Info]`; plausible with an `[Events]` section alone.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            let head = String(decoding: UnsafeBufferPointer(rebasing: b[..<min(b.count, 4096)]), as: UTF8.self).lowercased()
            if head.contains("[script info]") { return .certain }
            if head.contains("[events]") && head.contains("dialogue:") { return .maybe }
            return .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try ASSReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        writeInMemory(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        ASSWriter.write(document, options: options, into: sink)
    }
}
