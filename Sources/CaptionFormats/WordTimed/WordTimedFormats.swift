import CaptionModel

/// Every speech-to-text JSON shape the toolkit reads, in detection order: a shape that another
/// could also match comes first when its signature is the more specific one. The cloud services'
/// shapes have distinctive top-level keys, so they are asked first.
enum WordTimedFormats {
    static let all: [any WordTimedFormat.Type] = cloudFamily + whisperFamily

    static var titles: [String] { all.map { $0.title } }
}

/// Word-timed formats are read through the JSON family's detection, and can be forced by name with
/// `--from`; they are written as the toolkit's JSON, which keeps every word.
extension WordTimedFormat {
    static var fileExtensions: [String] { [] }
    static var canWrite: Bool { false }
    static func detect(_ text: DecodedText) -> DetectionScore { .no }

    static func read(_ text: DecodedText) throws -> ParseResult {
        try WordTimedReader.read(JSONDocument.parse(text), text: text, as: self)
    }

    static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        CaptionJSONFormat.write(document, options: options)
    }
}

enum WordTimedReader {
    static func read(_ root: JSONValue, text: DecodedText, as format: any WordTimedFormat.Type) throws -> ParseResult {
        var issues = TranscriptIssues()
        // Finished captions are not words to re-page: they keep their own cut and times.
        if let captions = format.captions(root, issues: &issues) {
            guard !captions.isEmpty else {
                throw CaptionFormatError(.malformed, "\(text.sourceName): \(format.title) without any caption text")
            }
            var diagnostics = text.diagnostics
            diagnostics += issues.warnings.map { Diagnostic.warning(line: nil, "\(text.sourceName): \($0)") }
            return ParseResult(document: CaptionDocument(events: captions), diagnostics: diagnostics)
        }
        let transcript: Transcript
        do {
            transcript = try format.transcript(root, issues: &issues)
        } catch {
            throw CaptionFormatError(.malformed, "\(text.sourceName): \(format.title) JSON: \(error.path): \(error.message)")
        }
        let events = TranscriptBuilder.events(from: transcript, issues: &issues)
        guard !events.isEmpty else {
            throw CaptionFormatError(.malformed, "\(text.sourceName): \(format.title) JSON without any timed word")
        }
        var diagnostics = text.diagnostics
        diagnostics += issues.warnings.map { Diagnostic.warning(line: nil, "\(text.sourceName): \($0)") }
        return ParseResult(document: CaptionDocument(events: events), diagnostics: diagnostics, wordTimedSource: format.name)
    }
}

/// Parsing a file's JSON once, with syntax errors turned into a sentence naming the file and line.
enum JSONDocument {
    static func parse(_ text: DecodedText) throws -> JSONValue {
        do {
            return try text.utf8.withUnsafeBufferPointer { (b) throws(JSONParser.SyntaxError) -> JSONValue in try JSONParser.parse(b) }
        } catch {
            throw CaptionFormatError(.malformed, "\(text.sourceName): not valid JSON: \(error)")
        }
    }
}

extension FormatRegistry {
    /// The speech-to-text JSON shapes by family (`--from` names): the cloud services', then the
    /// Whisper tools'. The fuzz targets read an input as every member of a family.
    public static var wordTimedFamilies: [(name: String, formats: [String])] {
        [("cloud", WordTimedFormats.cloudFamily.map { $0.name }), ("whisper", WordTimedFormats.whisperFamily.map { $0.name })]
    }
}
