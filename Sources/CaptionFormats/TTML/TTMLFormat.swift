import CaptionModel

/// TTML 1 / DFXP / IMSC 1 text profile (`.ttml`, `.dfxp`).
public enum TTMLFormat: SubtitleFormat {
    public static let name = "ttml"
    public static let fileExtensions = ["ttml", "dfxp", "xml"]

    static let namespaces = ["http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1"]

    /// Certain when the document's root element is `tt` (with any prefix) in a TTML namespace; plausible
    /// for a bare `<tt>` without one (files some tools write); no otherwise.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { b in
            let head = String(decoding: b.prefix(4096), as: UTF8.self)
            var rest = Substring(head)
            // Past the XML declaration, comments, a DOCTYPE and whitespace to the first element.
            while true {
                rest = rest.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
                if rest.hasPrefix("<?"), let end = rest.range(of: "?>") { rest = rest[end.upperBound...]; continue }
                if rest.hasPrefix("<!--"), let end = rest.range(of: "-->") { rest = rest[end.upperBound...]; continue }
                if rest.hasPrefix("<!"), let end = rest.firstIndex(of: ">") { rest = rest[rest.index(after: end)...]; continue }
                break
            }
            guard rest.hasPrefix("<") else { return .no }
            let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            guard name == "tt" || name.hasSuffix(":tt") else { return .no }
            let tag = rest.prefix { $0 != ">" }
            return namespaces.contains { tag.contains($0) } ? .certain : .maybe
        }
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try TTMLReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        writeInMemory(document, options: options)
    }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        TTMLWriter.write(document, into: sink)
    }
}
