import CaptionModel

/// LRC lyrics (`.lrc`): `[mm:ss.xx]` line times, ID tags (`[ar:]`, `[ti:]`...), `[offset:]`, and the
/// enhanced (A2) format's word times (`<mm:ss.xx>`), which become the events' words so every karaoke
/// preset works on lyrics. See `LRCReader`, `LRCTimeline` and `LRCWriter` for the rules.
public enum LRCFormat: SubtitleFormat {
    public static let name = "lrc"
    public static let fileExtensions = ["lrc"]

    /// Certain when most of the first 64 non-blank lines that are not ID tags start with a time tag;
    /// plausible with one, or with ID tags or broken time tags alone (a file whose every line is broken
    /// should still be read as LRC, to say which line is wrong). `[Script Info]`-like lines are not tags.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[..<min(b.count, 8192)]))
            var timed = 0, tags = 0, other = 0
            while let line = scanner.next(), timed + tags + other < 64 {
                guard !b.isBlank(line) else { continue }
                // Fast refusal: LRC lines start with '['.
                var i = line.lowerBound
                SRTTiming.skipSpaces(b, &i, line.upperBound)
                guard i < line.upperBound, b[i] == 0x5B else { other += 1; continue }
                switch LRCLine.parse(b.string(line)) {
                case .lyric: timed += 1
                case .idTag: tags += 1
                case .blank: continue
                case .skipped(let message): if message.contains("not an LRC time tag") { tags += 1 } else { other += 1 }
                }
            }
            if timed > 0, timed > other { return .certain }
            return timed > 0 || tags > 0 ? .maybe : .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try LRCReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        LRCWriter.write(document)
    }
}
