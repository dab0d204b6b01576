import CaptionModel

/// A format whose files are bytes, not text (EBU STL). `CaptionFileReader` hands such a file to its
/// reader undecoded, as a `DecodedText` whose `encoding` is `DecodedText.binaryEncoding`: decoding it
/// as text (with the Windows-1252 fallback) would rewrite the bytes. A file goes that way when its
/// bytes carry the format's signature or `--from` names the format; every other file is decoded as
/// before, so detection among the text formats is unchanged.
public protocol BinarySubtitleFormat: SubtitleFormat {
    /// Whether the file's first bytes carry the format's signature.
    static func hasSignature(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}

extension DecodedText {
    /// The `encoding` of input handed to a binary format's reader as the file's own bytes.
    public static let binaryEncoding = "binary"
}

extension FormatRegistry {
    /// The formats in `formats` that are binary, listed rather than found by casting each format:
    /// the first casts of a process search the conformance tables, which costs a reader of one file a
    /// millisecond (a test checks the two agree).
    static let binaryFormats: [any BinarySubtitleFormat.Type] = [EBUSTLFormat.self]

    /// The binary format named `name` (`--from stl`), else the one whose signature `bytes` carry; nil
    /// when the input is to be decoded as text.
    static func binaryFormat(for bytes: InputBytes, named name: String?) -> (any BinarySubtitleFormat.Type)? {
        let binary = binaryFormats
        if let name {
            // A name that is no format fails later, with the usual message.
            return (try? format(named: name)).flatMap { named in binary.first { $0.name == named.name } }
        }
        return bytes.withUnsafeBufferPointer { b in binary.first { $0.hasSignature(b) } }
    }
}
