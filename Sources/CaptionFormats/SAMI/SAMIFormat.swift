import CaptionModel

/// Microsoft SAMI (`.smi`, `.sami`): HTML-like captions in `<SYNC Start=ms>` blocks, one class per
/// language. Read-only; written as the toolkit's JSON. See `SAMIReader` for the rules.
public enum SAMIFormat: SubtitleFormat {
    public static let name = "sami"
    public static let fileExtensions = ["smi", "sami"]
    public static let canWrite = false

    /// Certain when the first tag (after any `<?xml?>`, `<!DOCTYPE>` or comments) is `<SAMI>`; plausible
    /// when a `<SYNC Start=` appears in the first 4 KB without it (fragments pasted without a header).
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            let head = UnsafeBufferPointer(rebasing: b[..<Swift.min(b.count, 4096)])
            var tokens = SAMITokenizer(head)
            while let token = tokens.next() {
                switch token {
                case .text(let range) where head.isWhitespace(range): continue
                case .tag(let tag) where tag.name.hasPrefix("!") || tag.name.hasPrefix("?"): continue
                case .tag(let tag) where tag.name == "SAMI" && !tag.isEnd: return .certain
                default: break
                }
                break
            }
            // On bytes: lowering and searching 4 KB as a String costs most of detecting every format.
            // (A plain loop: the same search as one `first(where:)` expression took seconds to type-check.)
            var found: Int?
            var k = 0
            while found == nil, k + 4 < head.count {
                if head[k] == 0x3C, head.hasPrefixFoldingCase("sync", in: k + 1..<head.count) { found = k }
                k += 1
            }
            guard let at = found else { return .no }
            let after = String(decoding: UnsafeBufferPointer(rebasing: head[(at + 5)...].prefix(160)), as: UTF8.self)
            return after.lowercased().prefix(40).contains("start") ? .maybe : .no
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try SAMIReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        CaptionJSONFormat.write(document, options: options)
    }
}
