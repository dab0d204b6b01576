import CaptionModel
import Foundation

/// Reads a caption file (or standard input, as `-`) into the model: bytes, encoding, format
/// detection, parsing. Failures are one sentence naming the file.
public enum CaptionFileReader {
    /// Reads a caption file or a speech-to-text tool's word timings into a ``ParseResult``.
    ///
    /// The format is detected from the content (the file's extension only breaks ties), unless
    /// `format` names it. What the reader skipped or repaired comes back in the result's
    /// `diagnostics`; word timings come back as the tool's segments with their words, and the result's
    /// `wordTimedSource` set, for the caller to page (`CaptionPager.page`).
    ///
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - formatName: A format's `--from` name (`srt`, `vtt`, `whisperx`, ...), overriding detection.
    ///   - encoding: The text encoding, overriding detection (BOM, UTF-16, else UTF-8 with a
    ///     Windows-1252 fallback).
    ///   - options: What some readers need besides the file: a frame rate for MicroDVD; other formats
    ///     ignore it.
    /// - Throws: `CaptionFormatError`: `.unreadable` (66) for a missing or unreadable file,
    ///   `.malformed` (65) for an empty file, bytes not valid in the encoding given, a file no format
    ///   recognises, or one with no usable caption, `.usage` (64) for an unknown format or encoding name.
    public static func read(path: String, format formatName: String? = nil, encoding: String? = nil,
                            options: ReadOptions = ReadOptions()) throws -> ParseResult {
        try read(bytes: try readBytes(path), sourceName: path == "-" ? "<stdin>" : path, path: path, format: formatName,
                 encoding: encoding, options: options)
    }

    /// Reads a file's bytes, already in memory, as `read(path:)` reads the file: decoded as text, or
    /// handed undecoded to a binary format (EBU STL) when they carry its signature or `formatName` names it.
    public static func read(bytes: InputBytes, sourceName: String, path: String, format formatName: String? = nil,
                            encoding: String? = nil, options: ReadOptions = ReadOptions()) throws -> ParseResult {
        let text = try decode(bytes, sourceName: sourceName, encoding: encoding, format: formatName)
        // What a file that is not subtitles is (a video, an image) shows in its bytes before decoding.
        return try read(text, path: path, format: formatName, options: options,
                        rawPrefix: bytes.withUnsafeBufferPointer { Array($0.prefix(4096)) })
    }

    /// The file's text, decoded (BOM, UTF-16, Windows-1252 fallback, or `encoding`), not yet parsed.
    public static func readText(path: String, encoding: String? = nil) throws -> DecodedText {
        try decode(try readBytes(path), sourceName: path == "-" ? "<stdin>" : path, encoding: encoding, format: nil)
    }

    private static func decode(_ bytes: InputBytes, sourceName name: String, encoding: String?, format: String?) throws -> DecodedText {
        guard !bytes.isEmpty else { throw CaptionFormatError(.malformed, "\(name) is empty: there are no captions to read") }
        // A binary format's file keeps its bytes (an --encoding does not apply: the file names its character table).
        if FormatRegistry.binaryFormat(for: bytes, named: format) != nil {
            return DecodedText(utf8: bytes, sourceName: name, encoding: DecodedText.binaryEncoding)
        }
        return try TextDecoding.decode(bytes, sourceName: name, encoding: encoding)
    }

    /// Decoded text parsed as `formatName`, or as the format detected (the path's extension breaking ties).
    public static func read(_ text: DecodedText, path: String, format formatName: String? = nil,
                            options: ReadOptions = ReadOptions(), rawPrefix: [UInt8]? = nil) throws -> ParseResult {
        let name = text.sourceName
        let format: any SubtitleFormat.Type
        if let formatName {
            format = try FormatRegistry.format(named: formatName)
        } else if text.encoding == DecodedText.binaryEncoding, let binary = FormatRegistry.binaryFormat(for: text.utf8, named: nil) {
            format = binary
        } else if let detected = FormatRegistry.detect(text, pathHint: path == "-" ? nil : path) {
            format = detected
        } else {
            let head = rawPrefix ?? text.utf8.withUnsafeBufferPointer { Array($0.prefix(4096)) }
            throw CaptionFormatError(.malformed, "\(name) is not a subtitle file this toolkit reads: \(BinarySniffer.describe(head) ?? "no SRT timing line, WEBVTT signature or caption JSON found") (known formats: \(FormatRegistry.names.joined(separator: ", ")))")
        }
        var result = try format.read(text, options: options)
        result.formatName = format.name
        // Cues were there but none could be used: that is malformed input, not an empty document.
        // Name the first skipped cue, the likeliest reason, rather than whatever came first.
        let located = result.diagnostics.filter { $0.line != nil }
        if result.document.eventCount == 0,
           let first = located.first(where: { $0.message.hasSuffix("cue skipped") }) ?? located.first {
            let hint = format.name == "vtt" && first.message.contains("timing")
                ? " (WebVTT timings must be mm:ss.ttt or hh:mm:ss.ttt; --from srt reads them leniently)" : ""
            throw CaptionFormatError(.malformed, "\(name): no usable cue (\(located.count) problem\(located.count == 1 ? "" : "s")); the first skipped cue: \(first)\(hint)")
        }
        return result
    }

    /// A regular file is mapped rather than copied into memory (its pages handed back as a reader
    /// passes them), except an ASS or SSA script: its reader keeps every event's Text field as written,
    /// so the script is read into memory of its own and the texts point into it rather than being
    /// copied out (a mapping could not hold them: a file rewritten in place under a long command would
    /// make reading them a `SIGBUS`). Anything else is read.
    static func readBytes(_ path: String) throws -> InputBytes {
        if path == "-" { return InputBytes(Array(FileHandle.standardInput.readDataToEndOfFile())) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CaptionFormatError(.unreadable, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CaptionFormatError(.unreadable, "\(path) is a directory, not a caption file") }
        if let owned = InputBytes(readingFile: path, when: { ASSFormat.detect(DecodedText(utf8: InputBytes($0))) > .no }) { return owned }
        if let mapped = InputBytes(mappingFile: path) { return mapped }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CaptionFormatError(.unreadable, "\(path): cannot be opened for reading (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            return InputBytes(Array(try handle.readToEnd() ?? Data()))
        } catch {
            throw CaptionFormatError(.unreadable, "\(path): read failed (\(error.localizedDescription))")
        }
    }
}

/// Names the kind of file that was given when it is not subtitles at all, for the error message.
enum BinarySniffer {
    static func describe(_ bytes: [UInt8]) -> String? {
        func at(_ offset: Int, _ signature: String) -> Bool {
            let s = Array(signature.utf8)
            return bytes.count >= offset + s.count && Array(bytes[offset..<(offset + s.count)]) == s
        }
        if at(4, "ftyp") { return "it looks like an MP4/MOV video (use it as the VIDEO of `captions burn`)" }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "it looks like a Matroska/WebM video" }
        if at(0, "RIFF") { return "it looks like a RIFF (AVI/WAV) media file" }
        if at(0, "ID3") || bytes.starts(with: [0xFF, 0xFB]) { return "it looks like an MP3 audio file" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "it looks like a PNG image" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "it looks like a JPEG image" }
        if at(0, "%PDF") { return "it looks like a PDF document" }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "it looks like a ZIP archive" }
        if bytes.prefix(4096).contains(0) { return "it holds binary data" }
        return nil
    }
}
