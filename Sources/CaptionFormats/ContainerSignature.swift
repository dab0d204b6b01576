import Foundation

/// The signatures of the media containers that carry subtitle tracks, told from a file's first bytes:
/// how a caption file is told from a video file before anything is parsed, without the video module
/// (`CaptionSource` sends a container to `SubtitleTrackReader`, anything else to `CaptionFileReader`).
public enum ContainerSignature {
    public static let vobSubIndex = "a VobSub (.idx/.sub) index"

    /// `an MP4/MOV file`, `a Matroska/WebM file`...: what the file's first bytes say it is, if a
    /// container; nil for a file that cannot be opened or is not one.
    public static func name(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return name(of: [UInt8]((try? handle.read(upToCount: 1024)) ?? Data()))
    }

    /// The same for the first bytes themselves (1 KB is enough for every signature).
    public static func name(of b: [UInt8]) -> String? {
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
