import CFFmpeg

/// An output stream that is a copy of an input stream: its codec parameters, language and title,
/// flags and side data (a rotation, HDR metadata), so players see what they saw in the input.
enum StreamCopy {
    static func describe(_ copy: UnsafeMutablePointer<AVStream>, as source: UnsafeMutablePointer<AVStream>, path: String) throws(VideoError) {
        try check(avcodec_parameters_copy(copy.pointee.codecpar, source.pointee.codecpar), .cannotWrite, "\(path): cannot add a stream")
        // The input container's codec tag may mean nothing in the output's; the muxer picks its own.
        copy.pointee.codecpar.pointee.codec_tag = 0
        av_dict_copy(&copy.pointee.metadata, source.pointee.metadata, 0)
        copy.pointee.disposition = source.pointee.disposition
        copy.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        copy.pointee.r_frame_rate = source.pointee.r_frame_rate
        copy.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        for i in 0..<Int(source.pointee.nb_side_data) {
            let side = source.pointee.side_data[i]
            try check(cffmpeg_stream_add_side_data(copy, side.type, side.data, side.size), .cannotWrite, "\(path): cannot keep a stream's side data")
        }
    }

    /// Language and title as the container stores them (MP4 names a track by its handler name).
    static func label(_ stream: UnsafeMutablePointer<AVStream>, language: String?, title: String?, mp4: Bool) {
        if let language { av_dict_set(&stream.pointee.metadata, "language", language, 0) }
        if let title {
            av_dict_set(&stream.pointee.metadata, "title", title, 0)
            if mp4 { av_dict_set(&stream.pointee.metadata, "handler_name", title, 0) }
        }
    }

    static func tag(_ stream: UnsafeMutablePointer<AVStream>, _ key: String) -> String? {
        av_dict_get(stream.pointee.metadata, key, nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
    }
}
