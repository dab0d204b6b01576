import CaptionFormats
import CaptionVideo
import Foundation

/// The fuzz targets of video files' subtitle tracks:
/// - `container`: any bytes as a media file, through libavformat's demuxers: `captions tracks` (the
///   listing, the CEA-608 scan of video and `eia_608` streams included), every text track read as
///   `--track N` reads it, and the default track read as every command that takes captions reads a
///   container (`CaptionSource`: a VobSub `.sub` through its `.idx`, the file's signature named in errors);
/// - `track-CODEC`: packets fed straight to libavcodec's decoder for one text codec, then read as a
///   container's track is (`TrackPackets` says how the bytes become extradata and timed packets);
/// - `track-CODEC` for the bitmap codecs (PGS, VobSub, DVB): packets through libavcodec's decoder,
///   made into cues as a track's pictures are, and each cue's lines made ready for recognition (ink,
///   lines, slant, straightening), all but Tesseract itself.
extension FuzzTargets {
    static let trackTargets: [FuzzTarget] = [
        FuzzTarget(name: "container", summary: "media files' subtitle tracks: libavformat's demuxers, the track listing with its CEA-608 scan, every text track read, the default track as commands read a container",
                   seeds: ["Fuzz/seeds/container/*", "Corpus/samples/*"], dictionary: "container.dict",
                   // libavformat allocates what a file declares (an MP4 sample description's extradata, up to
                   // 2 GB) before reading it and frees it when the read comes up short, untouched: such a
                   // malloc is not memory used, which the 512 MB RSS limit still bounds.
                   mallocLimitMB: 2048) { bytes in
            ScratchFile.with(bytes) { path in
                if let tracks = try? SubtitleTracks.list(path).tracks {
                    for track in tracks where track.kind == .text {
                        if let result = try? SubtitleTrackReader.read(path: path, selection: TrackSelection(index: track.index)) { write(result) }
                    }
                }
                if let container = ContainerSignature.name(ofFile: path),
                   let result = try? SubtitleTrackReader.read(container: path, named: container, selection: TrackSelection()) {
                    write(result)
                }
            }
        },
        track("subrip", "SubRip packets (Matroska S_TEXT/UTF8) through libavcodec's subrip decoder"),
        track("ass", "ASS/SSA packets (Matroska S_TEXT/ASS) with their script header through libavcodec's ass decoder"),
        track("mov_text", "MP4 timed text (tx3g) samples with their sample description through libavcodec's mov_text decoder"),
        track("webvtt", "WebVTT packets (Matroska, WebM, MP4 wvtt) through libavcodec's webvtt decoder"),
        bitmapTrack("hdmv_pgs_subtitle", "PGS packets through libavcodec's PGS decoder, into cues and lines made ready for OCR"),
        bitmapTrack("dvd_subtitle", "VobSub packets (with the idx palette as extradata) through libavcodec's DVD subtitle decoder, into cues and lines made ready for OCR"),
        bitmapTrack("dvb_subtitle", "DVB subtitle packets through libavcodec's DVB subtitle decoder, into cues and lines made ready for OCR"),
    ]

    static func bitmapTrack(_ codec: String, _ summary: String) -> FuzzTarget {
        FuzzTarget(name: "track-\(codec)", summary: summary, seeds: ["Fuzz/seeds/track-\(codec)/*"], dictionary: nil) { bytes in
            let input = TrackPackets(bytes)
            guard let cues = try? SubtitleTrackReader.preparedLines(codec: codec, extradata: input.extradata, timeBase: input.timeBase,
                                                                    packets: input.packets, name: "fuzz-track") else { return }
            for cue in cues {
                precondition(cue.end > cue.start, "track-\(codec): a cue that ends before it starts")
                for line in cue.lines { precondition(line.width > 0 && line.height > 0, "track-\(codec): an empty line image") }
            }
        }
    }

    static func track(_ codec: String, _ summary: String) -> FuzzTarget {
        FuzzTarget(name: "track-\(codec)", summary: summary, seeds: ["Fuzz/seeds/track-\(codec)/*"], dictionary: "track-\(codec).dict") { bytes in
            let input = TrackPackets(bytes)
            guard let result = try? SubtitleTrackReader.read(codec: codec, extradata: input.extradata, timeBase: input.timeBase,
                                                             packets: input.packets, name: "fuzz-track") else { return }
            write(result)
        }
    }
}

/// A `track-CODEC` input: chunks separated by the line `FUZZ-TAG` (the separator is `\nFUZZ-TAG\n`,
/// after libavcodec's own decoder fuzzer), each a header line and a body. The first chunk's header is
/// the time base (`1/1000`; anything else that is not two positive numbers: 1/1000) and its body the
/// extradata; every other chunk is one packet, its header `PTS DURATION` in the time base (a PTS that
/// is not a number: none; a duration that is not one: 0) and its body the packet's bytes.
/// `Fuzz/seeds/make-container-seeds.sh` writes seeds in this form from real containers' packets.
struct TrackPackets {
    static let separator = Array("\nFUZZ-TAG\n".utf8)
    var timeBase: (num: Int32, den: Int32) = (1, 1000)
    var extradata: [UInt8] = []
    var packets: [TrackPacket] = []

    init(_ bytes: [UInt8]) {
        for (index, chunk) in Self.chunks(bytes).enumerated() {
            let newline = chunk.firstIndex(of: 0x0A)
            let header = String(decoding: chunk[chunk.startIndex..<(newline ?? chunk.endIndex)], as: UTF8.self)
            let body = Array(chunk[(newline.map { $0 + 1 } ?? chunk.endIndex)...])
            if index == 0 {
                let parts = header.split(separator: "/").compactMap { Int32($0) }
                if parts.count == 2, parts[0] > 0, parts[1] > 0 { timeBase = (parts[0], parts[1]) }
                extradata = body
            } else {
                let fields = header.split(separator: " ")
                packets.append(TrackPacket(bytes: body, pts: fields.first.flatMap { Int64($0) },
                                           duration: fields.dropFirst().first.flatMap { Int64($0) } ?? 0))
            }
        }
    }

    /// The bytes between separators.
    static func chunks(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = [], start = 0, i = 0
        while i + separator.count <= bytes.count {
            if bytes[i] == separator[0], bytes[i..<i + separator.count].elementsEqual(separator) {
                chunks.append(bytes[start..<i])
                i += separator.count
                start = i
            } else {
                i += 1
            }
        }
        chunks.append(bytes[start...])
        return chunks
    }
}

/// A fuzz input as a file of its own (libavformat opens files by name): in a new folder in /dev/shm
/// (memory, not disk), else the temporary folder, one per call so that targets running side by side and
/// the tests' parallel runs never share one, and no other file is beside it for a playlist to name.
enum ScratchFile {
    static func with(_ bytes: [UInt8], _ body: (String) -> Void) {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(base)/captionkit-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return }
        let folder = String(cString: made)
        let path = folder + "/input"
        defer { unlink(path); rmdir(folder) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        body(path)
    }
}
