import CFFmpeg
import Foundation

/// What the output's container is and can hold, from libavformat's muxer for its extension.
struct MuxContainer {
    let isMatroska: Bool
    let isWebM: Bool
    let isMP4: Bool
    /// Blu-ray's MPEG-TS (`.m2ts`, `.mts`): 192-byte packets, each with a 4-byte arrival timestamp.
    let isM2TS: Bool
    private let format: UnsafePointer<AVOutputFormat>

    init(_ output: MediaOutput) {
        format = output.context.pointee.oformat
        let name = String(cString: format.pointee.name)
        isWebM = name == "webm"
        isMatroska = name == "matroska" || isWebM
        isMP4 = ["mp4", "mov", "ipod", "3gp"].contains(name)
        isM2TS = name == "mpegts" && ["m2ts", "mts"].contains((output.path as NSString).pathExtension.lowercased())
    }

    /// Where a PGS track can go: Matroska (`S_HDMV/PGS`) and M2TS (stream type 0x90). MP4, MOV and
    /// WebM define no bitmap subtitle codec, and plain 188-byte MPEG-TS has no PGS stream type.
    var holdsPGS: Bool { (isMatroska && !isWebM) || isM2TS }

    /// The muxer's options for `MediaOutput.begin`.
    var options: [String: String] {
        // Matroska marks the first track of each type default unless told to write the flags as given.
        if isMatroska { return ["default_mode": "passthrough"] }
        // libavformat guesses M2TS from the name it is given; the output is written under a temporary
        // name. The clock reference leads the times by 0.7 s, as in ffmpeg's own (`-muxdelay`): without
        // it each packet arrives at the moment it is due, which leaves a decoder no time to buffer.
        if isM2TS { return ["mpegts_m2ts_mode": "1", "max_delay": "700000"] }
        return [:]
    }

    /// Whether a stream of the input can be copied into this container as it is: attachments only
    /// into Matroska; data streams (an MP4's timecode or metadata track) only where the muxer knows
    /// their codec; in M2TS only the subtitle codecs MPEG-TS defines (libavformat would write any other
    /// as private data no player reads); everything else unless libavformat says no (it cannot always
    /// tell: the header decides).
    func accepts(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        let parameters = stream.pointee.codecpar.pointee
        if parameters.codec_type == AVMEDIA_TYPE_ATTACHMENT { return isMatroska && !isWebM }
        if isM2TS, parameters.codec_type == AVMEDIA_TYPE_SUBTITLE {
            return [AV_CODEC_ID_HDMV_PGS_SUBTITLE, AV_CODEC_ID_DVB_SUBTITLE, AV_CODEC_ID_DVB_TELETEXT].contains(parameters.codec_id)
        }
        let answer = avformat_query_codec(format, parameters.codec_id, FF_COMPLIANCE_NORMAL)
        if parameters.codec_type == AVMEDIA_TYPE_DATA { return parameters.codec_id != AV_CODEC_ID_NONE && answer == 1 }
        return answer != 0
    }
}
