import CFFmpeg

/// What the output's container is and can hold, from libavformat's muxer for its extension.
struct MuxContainer {
    let isMatroska: Bool
    let isWebM: Bool
    let isMP4: Bool
    private let format: UnsafePointer<AVOutputFormat>

    init(_ output: MediaOutput) {
        format = output.context.pointee.oformat
        let name = String(cString: format.pointee.name)
        isWebM = name == "webm"
        isMatroska = name == "matroska" || isWebM
        isMP4 = ["mp4", "mov", "ipod", "3gp"].contains(name)
    }

    /// Whether a stream of the input can be copied into this container as it is: attachments only
    /// into Matroska; data streams (an MP4's timecode or metadata track) only where the muxer knows
    /// their codec; everything else unless libavformat says no (it cannot always tell: the header decides).
    func accepts(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        let parameters = stream.pointee.codecpar.pointee
        if parameters.codec_type == AVMEDIA_TYPE_ATTACHMENT { return isMatroska && !isWebM }
        let answer = avformat_query_codec(format, parameters.codec_id, FF_COMPLIANCE_NORMAL)
        if parameters.codec_type == AVMEDIA_TYPE_DATA { return parameters.codec_id != AV_CODEC_ID_NONE && answer == 1 }
        return answer != 0
    }
}
