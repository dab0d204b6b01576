import CaptionModel

/// EBU STL (`.stl`, EBU Tech 3264): the broadcast subtitle exchange format. A binary file: a 1024-byte
/// GSI block of ASCII fields (frame rate, character table, language...), then 128-byte TTI blocks,
/// one per subtitle or part of one. See `STLReader` for how it is read (as ttconv reads it) and
/// `STLWriter` for the GSI written.
///
/// Binary, so `CaptionFileReader` hands it the file's bytes undecoded (`BinarySubtitleFormat`) and it
/// writes through `write(_:options:into:)`. Spruce STL, a text format sharing the extension, is not read.
public enum EBUSTLFormat: BinarySubtitleFormat {
    public static let name = "stl"
    public static let fileExtensions = ["stl"]

    public static func hasSignature(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        STLGeneralInfo.hasSignature(bytes)
    }

    /// Certain when bytes 3-10 are a disk format code (`STL25.01`); nothing else has one there.
    public static func detect(_ text: DecodedText) -> DetectionScore {
        text.utf8.withUnsafeBufferPointer { hasSignature($0) } ? .certain : .no
    }

    public static func read(_ text: DecodedText) throws -> ParseResult { try STLReader.read(text) }

    public static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        STLWriter.write(document, options: options, into: sink)
    }

    /// A String cannot hold STL's bytes (ISO 6937 and binary fields are not UTF-8), so this returns no
    /// text, only an error saying so: callers that write files or standard output use
    /// `write(_:options:into:)`, as `captions convert` does.
    public static func write(_ document: CaptionDocument, options: WriteOptions) -> WriteResult {
        WriteResult(text: "", diagnostics: [Diagnostic(.error, line: nil, "EBU STL is binary and cannot be written as text; write it through a ByteSink")])
    }
}
