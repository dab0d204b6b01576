import CaptionModel

/// Scenarist SCC (`.scc`): the `Scenarist_SCC V1.0` header, then lines of a time code and the
/// line-21 byte pairs sent from that frame on, one pair a frame, as four hex digits each. Read through
/// the CEA-608 decoder (`SCCReader`), on the channel `ReadOptions.channel` names (CC1 unless
/// `--channel` says) and at `ReadOptions.frameRate` (29.97 unless `--fps` says).
public enum SCCFormat: SubtitleFormat {
    public static let name = "scc"
    public static let fileExtensions = ["scc"]
    /// Reading only until the SCC writer (the CEA-608 encoder) is hooked in here: it replaces this and
    /// `write` below.
    public static let canWrite = false

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

    /// Placeholder until the SCC writer is hooked in: `canWrite` is false, so no command reaches it.
    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        WriteResult(text: "", diagnostics: [Diagnostic(.error, line: nil, "writing SCC is not available in this build; SCC can be read only")])
    }
}
