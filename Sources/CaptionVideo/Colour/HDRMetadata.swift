import CFFmpeg

/// The static HDR metadata a video carries: the mastering display's colour volume (SMPTE ST 2086) and
/// the content light level (CTA-861.3 MaxCLL/MaxFALL). Players and TVs tone-map by it, so a burned HDR
/// video must carry the input's, in the container and, for HEVC, in the bitstream's SEI.
struct HDRMetadata {
    var masteringDisplay: AVMasteringDisplayMetadata?
    var contentLight: AVContentLightMetadata?

    var isEmpty: Bool { masteringDisplay == nil && contentLight == nil }

    /// The input's metadata: from the container (mp4 `mdcv`/`clli`, Matroska's Colour element) when it
    /// says, else from the first decoded frame (HEVC carries it in SEI, which libavformat does not lift
    /// to the stream). Only PQ and HLG video is looked at: SDR output stays exactly as it was.
    static func of(_ input: MediaInput, transfer: AVColorTransferCharacteristic) throws(VideoError) -> HDRMetadata {
        guard let stream = input.video, transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67 else { return HDRMetadata() }
        /// A side-data struct, when libav* has one of at least its size.
        func load<T>(_ find: (Int) -> UnsafePointer<UInt8>?) -> T? {
            find(MemoryLayout<T>.size).map { UnsafeRawPointer($0).loadUnaligned(as: T.self) }
        }
        var metadata = HDRMetadata(masteringDisplay: load { cffmpeg_stream_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, $0) },
                                   contentLight: load { cffmpeg_stream_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, $0) })
        if metadata.masteringDisplay == nil || metadata.contentLight == nil, let frame = try firstFrame(of: input.path) {
            metadata.masteringDisplay = metadata.masteringDisplay
                ?? load { cffmpeg_frame_side_data(frame.pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA, $0) }
            metadata.contentLight = metadata.contentLight ?? load { cffmpeg_frame_side_data(frame.pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL, $0) }
        }
        if let m = metadata.masteringDisplay, m.has_primaries == 0, m.has_luminance == 0 { metadata.masteringDisplay = nil }
        return metadata
    }

    /// The first decoded frame of a file's video, through its own demuxer and decoder (the burn's are
    /// left untouched, so the pipeline starts where it always did).
    private static func firstFrame(of path: String) throws(VideoError) -> MediaFrame? {
        let input = try MediaInput(path: path)
        guard let stream = input.video else { return nil }
        return try VideoDecoder.firstFrame(of: input, decoder: try VideoDecoder.open(stream, file: path))
    }

    /// Puts the metadata on an output stream; the mp4/mov muxer writes `mdcv`/`clli`, Matroska and WebM
    /// their Colour element.
    func attach(to stream: UnsafeMutablePointer<AVStream>) -> Int32 {
        if var m = masteringDisplay {
            let status = cffmpeg_stream_add_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &m, MemoryLayout.size(ofValue: m))
            if status < 0 { return status }
        }
        if var c = contentLight {
            return cffmpeg_stream_add_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &c, MemoryLayout.size(ofValue: c))
        }
        return 0
    }

    /// libx265's options for the same metadata, so the HEVC bitstream carries it as SEI (what phones and
    /// TVs read): `master-display=G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)` in x265's units (chromaticity in
    /// 0.00002, luminance in 0.0001 cd/m²) and `max-cll=MaxCLL,MaxFALL`.
    var x265Parameters: [String] {
        var parameters: [String] = []
        if let m = masteringDisplay, m.has_primaries != 0, m.has_luminance != 0 {
            func units(_ r: AVRational, _ scale: Int64) -> Int64 { r.den == 0 ? 0 : (Int64(r.num) * scale + Int64(r.den) / 2) / Int64(r.den) }
            // FFmpeg orders the primaries R, G, B; x265 wants G, B, R.
            let p = m.display_primaries, w = m.white_point
            let xy = { (c: (AVRational, AVRational)) in "(\(units(c.0, 50000)),\(units(c.1, 50000)))" }
            parameters.append("master-display=G\(xy(p.1))B\(xy(p.2))R\(xy(p.0))WP\(xy(w))"
                              + "L(\(units(m.max_luminance, 10000)),\(units(m.min_luminance, 10000)))")
        }
        if let c = contentLight { parameters.append("max-cll=\(c.MaxCLL),\(c.MaxFALL)") }
        return parameters
    }
}
