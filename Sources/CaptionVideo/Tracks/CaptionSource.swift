import CaptionFormats
import Foundation

/// Where every command that takes captions reads them: a caption file through `CaptionFileReader`,
/// or a video file's subtitle track through `SubtitleTrackReader` (chosen by `track`). A file is
/// read as a container when its first bytes say it is one (MP4/MOV, Matroska/WebM, MPEG-TS, AVI,
/// Ogg), or when the user named a track.
public enum CaptionSource {
    public static func read(path: String, format: String? = nil, encoding: String? = nil,
                            options: ReadOptions = ReadOptions(), track: TrackSelection = TrackSelection()) throws -> ParseResult {
        if path != "-", track.isSet || isContainer(path) {
            return try SubtitleTrackReader.read(path: path, selection: track)
        }
        return try CaptionFileReader.read(path: path, format: format, encoding: encoding, options: options)
    }

    /// Whether the file's first bytes are a media container's signature.
    public static func isContainer(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        return ContainerSignature.matches(head)
    }
}

/// The signatures of the containers that carry subtitle tracks.
enum ContainerSignature {
    static func matches(_ b: [UInt8]) -> Bool {
        func at(_ offset: Int, _ text: String) -> Bool {
            let s = Array(text.utf8)
            return b.count >= offset + s.count && b[offset..<offset + s.count].elementsEqual(s)
        }
        if at(4, "ftyp") || at(4, "moov") || at(4, "mdat") || at(4, "free") || at(4, "wide") { return true } // MP4, MOV
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }                                          // Matroska, WebM
        if at(0, "RIFF") && at(8, "AVI ") { return true }
        if at(0, "OggS") { return true }
        // MPEG-TS: a sync byte every 188 bytes (three in a row, so a text file starting with 'G' is not one).
        if b.count > 376, b[0] == 0x47, b[188] == 0x47, b[376] == 0x47 { return true }
        if b.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return true }                                          // MPEG-PS
        return false
    }
}
