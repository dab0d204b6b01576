import CaptionFormats
import Foundation

/// Where every command that takes captions reads them: a caption file through `CaptionFileReader`,
/// or a video file's subtitle track through `SubtitleTrackReader` (chosen by `track`). A file is
/// read as a container when its first bytes say it is one (MP4/MOV, Matroska/WebM, MPEG-TS or M2TS,
/// AVI, Ogg), or when the user named a track.
public enum CaptionSource {
    public static func read(path: String, format: String? = nil, encoding: String? = nil,
                            options: ReadOptions = ReadOptions(), track: TrackSelection = TrackSelection()) throws -> ParseResult {
        var options = options
        if let channel = track.closedCaptions { options.channel = channel }
        if path != "-" {
            let container = containerName(path)
            if container != nil || track.isSet {
                do {
                    return try SubtitleTrackReader.read(path: vobSubIndex(beside: path, container) ?? path, selection: track)
                } catch let error as VideoError where error.kind == .malformed && error.message.hasPrefix("\(path) cannot be read") {
                    // Say what the file looked like: a caption file named .srt that is really a broken MP4.
                    throw VideoError(.malformed, "\(path) looks like \(container ?? "a video file") but libavformat cannot read it; it may be truncated or damaged")
                }
            }
        }
        return try CaptionFileReader.read(path: path, format: format, encoding: encoding, options: options)
    }

    /// A VobSub `.sub` read through the `.idx` beside it, if there is one: the index holds the palette
    /// and the frame size (libavformat reads the `.sub` alone as MPEG-PS, in the DVD's default colours,
    /// which turn the text's outline into its fill).
    static func vobSubIndex(beside path: String, _ container: String?) -> String? {
        guard container == "an MPEG-PS file", (path as NSString).pathExtension.lowercased() == "sub" else { return nil }
        let base = (path as NSString).deletingPathExtension
        return [base + ".idx", base + ".IDX"].first { containerName($0) == ContainerSignature.vobSubIndex }
    }

    /// Whether the file's first bytes are a media container's signature.
    public static func isContainer(_ path: String) -> Bool { containerName(path) != nil }

    /// `an MP4/MOV file`, `a Matroska/WebM file`...: what the file's first bytes say it is, if a container.
    static func containerName(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return ContainerSignature.name(of: [UInt8]((try? handle.read(upToCount: 1024)) ?? Data()))
    }
}

/// The signatures of the containers that carry subtitle tracks.
enum ContainerSignature {
    static let vobSubIndex = "a VobSub (.idx/.sub) index"

    static func name(of b: [UInt8]) -> String? {
        func at(_ offset: Int, _ text: String) -> Bool {
            let s = Array(text.utf8)
            return b.count >= offset + s.count && b[offset..<offset + s.count].elementsEqual(s)
        }
        if at(4, "ftyp") || at(4, "moov") || at(4, "mdat") || at(4, "free") || at(4, "wide") { return "an MP4/MOV file" }
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "a Matroska/WebM file" }
        if at(0, "RIFF") && at(8, "AVI ") { return "an AVI file" }
        if at(0, "OggS") { return "an Ogg file" }
        // MPEG-TS: a sync byte every 188 bytes (three in a row, so a text file starting with 'G' is not one).
        if b.count > 376, b[0] == 0x47, b[188] == 0x47, b[376] == 0x47 { return "an MPEG-TS file" }
        // Blu-ray's M2TS: the same, each packet after a 4-byte arrival time (192 bytes apart).
        if b.count > 388, b[4] == 0x47, b[196] == 0x47, b[388] == 0x47 { return "an M2TS file" }
        if b.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return "an MPEG-PS file" }
        // A DVD's subtitles ripped as VobSub: the index (its palette, size and each picture's time and
        // place in the `.sub` beside it), which libavformat reads with that `.sub`.
        if at(0, "# VobSub index file") || at(3, "# VobSub index file") { return vobSubIndex }
        // A PGS stream on its own (`.sup`): segments of "PG", two 32-bit times, a type and a size.
        if b.count >= 13, at(0, "PG"), [0x14, 0x15, 0x16, 0x17, 0x80].contains(b[10]) {
            let next = 13 + Int(b[11]) << 8 + Int(b[12])
            if b.count < next + 2 || at(next, "PG") { return "a PGS (.sup) file" }
        }
        return nil
    }
}
