import ArgumentParser
import CaptionVideo
import Foundation

/// `captions tracks VIDEO [--json]`: the subtitle tracks of a video file.
struct Tracks: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the subtitle tracks of a video file (MKV, MP4, MOV, TS...).",
        discussion: """
        Every subtitle stream with its stream index (what --track takes), kind (text, bitmap, unknown, \
        closed-captions, or unknown for a codec this FFmpeg does not know), codec (ffmpeg's name), language, title and default/forced flags; and the \
        CEA-608 closed captions carried in a video stream (ATSC A/53, found in its first \
        \(ClosedCaptionScan.seconds) seconds), one line per channel under the video stream's index. \
        Text tracks are what convert, check, retime, render, burn, studio, verify and golden record \
        read from a video file.

        Damage met decoding the video (concealed frames, undecodable packets) is one warning; --strict \
        refuses it.

        Exit status: 0 listed (also when there are none), 65 not a media file or damaged (a damaged \
        video only with --strict), 66 missing input.
        """
    )

    @Argument(help: "The video file.")
    var video: String

    @Flag(help: "Print {\"tracks\": [{\"index\", \"kind\", \"codec\", \"language\", \"title\", \"default\", \"forced\"}]}; closed captions add \"channel\".")
    var json = false

    @Flag(help: "Refuse a video damaged inside (exit 65) instead of warning.")
    var strict = false

    @Flag(help: "Show libavcodec's own messages about damage in the video.")
    var verbose = false

    func run() throws {
        try CommandFailure.exitOnError {
            DamageReport.decoderMessages(verbose: verbose)
            let listing = try SubtitleTracks.list(video)
            try DamageReport.refuse(listing.damage, of: video, strict: strict, "not listed")
            DamageReport.warn(listing.damage, of: video, "closed captions in the damaged pictures may be missing from the list")
            let tracks = listing.tracks
            FileHandle.standardOutput.write(Data((json ? Self.json(tracks) : Self.table(tracks, file: video)).utf8))
        }
    }

    /// One track per line, its keys in the documented order (index, kind, codec, language, title,
    /// default, forced, channel), which JSONEncoder does not keep.
    static func json(_ tracks: [SubtitleTrack]) -> String {
        func string(_ value: String?) -> String {
            guard let value else { return "null" }
            let data = (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        }
        let lines = tracks.map { track in
            var fields = ["\"index\":\(track.index)", "\"kind\":\(string(track.kind.rawValue))", "\"codec\":\(string(track.codec))",
                          "\"language\":\(string(track.language))", "\"title\":\(string(track.title))",
                          "\"default\":\(track.isDefault)", "\"forced\":\(track.isForced)"]
            if let channel = track.channel { fields.append("\"channel\":\(string(channel))") }
            return "  {" + fields.joined(separator: ",") + "}"
        }
        return lines.isEmpty ? "{\"tracks\":[]}\n" : "{\"tracks\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Columns padded to their widest cell; `-` where a track has no language or title.
    static func table(_ tracks: [SubtitleTrack], file: String) -> String {
        guard !tracks.isEmpty else { return "\(file): no subtitle tracks\n" }
        let header = ["INDEX", "KIND", "CODEC", "LANGUAGE", "TITLE", "FLAGS"]
        let rows = tracks.map { track -> [String] in
            let flags = [track.isDefault ? "default" : nil, track.isForced ? "forced" : nil, track.channel].compactMap { $0 }
            return ["\(track.index)", track.kind.rawValue, track.codec, track.language ?? "-", track.title ?? "-",
                    flags.isEmpty ? "-" : flags.joined(separator: ",")]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined() + "\n"
        }.joined()
    }
}
