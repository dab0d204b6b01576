import CaptionModel

/// The toolkit's own JSON (`captions convert --to json`).
public enum CaptionJSONFormat: SubtitleFormat {
    public static let name = "json"
    public static let fileExtensions = ["json"]

    public static func detect(_ text: DecodedText) -> DetectionScore {
        let head = text.utf8.prefix(4096)
        guard let first = head.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == 0x7B else {
            return .no
        }
        let eventsKey = Array("\"events\"".utf8)
        let headArray = Array(head)
        for i in 0..<max(0, headArray.count - eventsKey.count) where headArray[i] == 0x22 && Array(headArray[i..<(i + eventsKey.count)]) == eventsKey {
            return .certain
        }
        return .maybe
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try CaptionJSONReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        WriteResult(text: CaptionJSONWriter.write(document))
    }
}
