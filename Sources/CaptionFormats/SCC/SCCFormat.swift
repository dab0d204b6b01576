import CaptionModel

/// Scenarist SCC (`.scc`): the `Scenarist_SCC V1.0` header, then lines of a time code and the
/// line-21 byte pairs sent from that frame on, one pair a frame, as four hex digits each. Read through
/// the CEA-608 decoder (`SCCReader`), on the channel `ReadOptions.channel` names (CC1 unless
/// `--channel` says) and at `ReadOptions.frameRate` (29.97 unless `--fps` says); written through the
/// CEA-608 encoder (`SCCWriter`).
public enum SCCFormat: SubtitleFormat {
    public static let name = "scc"
    public static let fileExtensions = ["scc"]

    /// Certain when the first non-blank line starts with `Scenarist_SCC`; nothing else claims it.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[..<min(b.count, 4096)]))
            while let line = scanner.next() {
                guard !b.isBlank(line) else { continue }
                return SCCReader.isHeader(b, line) ? .certain : .no
            }
            return .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try read(text, options: ReadOptions()) }

    public static func read(_ text: DecodedText, options: ReadOptions) throws -> ParseResult {
        try SCCReader.read(text, options: options)
    }

    /// Written through the CEA-608 encoder (`SCCWriter`): pop-on unless `WriteOptions.ccMode` says.
    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        SCCWriter.write(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        SCCWriter.write(document, options: options, into: sink)
    }
}
