import CaptionModel

/// A problem found while reading input: a warning (the reader skipped or repaired something) or an
/// error (the input cannot be used). `line` is 1-based in the input file.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case warning, error }
    public var severity: Severity
    public var line: Int?
    public var message: String
    /// What `line` counts: lines of a text file, or a binary format's records (`TTI block` in EBU STL).
    public var location = "line"
    /// The items a summary counts (each word OCR fixed, with its time): a film has hundreds, so they
    /// are listed only when asked (`--verbose`); the message says how many.
    public var details: [String] = []

    public init(_ severity: Severity = .warning, line: Int?, _ message: String) {
        self.severity = severity; self.line = line; self.message = message
    }

    public static func warning(line: Int?, _ message: String) -> Diagnostic { .init(.warning, line: line, message) }

    /// `line 12: end time is before start time; cue skipped`.
    public var description: String {
        if let line { return "\(location) \(line): \(message)" }
        return message
    }

    /// The lines a command prints: the description, then, with `verbose` true, each detail on a line of
    /// its own (indented); false, the description says `--verbose` lists them; nil (a command without
    /// `--verbose`), that `captions convert --verbose` does.
    public func printedLines(verbose: Bool?) -> [String] {
        guard !details.isEmpty else { return [description] }
        if verbose == true { return [description + ":"] + details.map { "  " + $0 } }
        return [description + " (\(verbose == nil ? "captions convert --verbose" : "--verbose") lists \(details.count == 1 ? "it" : "them"))"]
    }
}

/// What a reader returns: the document and everything it had to say about the input.
public struct ParseResult: Sendable {
    /// The captions read: for word timings, the tool's segments, each with its words.
    public var document: CaptionDocument
    /// The warnings: what the reader skipped or repaired, with the input's line where it knows it.
    public var diagnostics: [Diagnostic]
    /// Set when the input was a speech-to-text tool's word timings (the `--from` name of its format):
    /// the events are then the tool's own segments, which callers page into captions.
    public var wordTimedSource: String?
    /// The 1-based input line where each event begins, parallel to `document.events`, for messages
    /// that point into the file (`captions check`); empty when the reader does not track lines.
    public var eventLines: [Int32]
    /// The `--from` name of the format the input was read as (set by `CaptionFileReader`).
    public var formatName: String?

    public init(document: CaptionDocument, diagnostics: [Diagnostic] = [], wordTimedSource: String? = nil, eventLines: [Int32] = []) {
        self.document = document; self.diagnostics = diagnostics; self.wordTimedSource = wordTimedSource
        self.eventLines = eventLines
    }

    /// The line event `index` begins on, when the reader recorded it.
    public func line(ofEvent index: Int) -> Int? {
        index < eventLines.count ? Int(eventLines[index]) : nil
    }
}
