import CFFmpeg

/// Opens the video encoder for the output frames: size, pixel format, the input's time base (each
/// frame keeps its own timestamp, so variable frame rate survives) and colour tags.
enum VideoEncoder {
    static func findCodec(_ settings: EncoderSettings) throws(VideoError) -> UnsafePointer<AVCodec> {
        guard let codec = avcodec_find_encoder_by_name(settings.encoderName),
              codec.pointee.type == AVMEDIA_TYPE_VIDEO else {
            throw VideoError(.usage, "--codec \(settings.codec): this libavcodec has no such video encoder (\(settings.encoderName))")
        }
        return codec
    }

    struct Parameters {
        var width: Int
        var height: Int
        var format: AVPixelFormat
        var timeBase: AVRational
        var frameRate: AVRational
        var sampleAspectRatio: AVRational
        var colorspace: AVColorSpace
        var colorRange: AVColorRange
        var colorPrimaries: AVColorPrimaries
        var colorTransfer: AVColorTransferCharacteristic
        /// The input's HDR metadata, written into the bitstream where the encoder can (libx265).
        var hdr = HDRMetadata()
    }

    static func open(_ codec: UnsafePointer<AVCodec>, settings: EncoderSettings, parameters p: Parameters,
                     globalHeader: Bool) throws(VideoError) -> CodecContext {
        let encoder = try CodecContext(codec: codec)
        let c = encoder.pointer
        c.pointee.width = Int32(p.width)
        c.pointee.height = Int32(p.height)
        c.pointee.pix_fmt = p.format
        c.pointee.time_base = p.timeBase
        c.pointee.framerate = p.frameRate
        c.pointee.sample_aspect_ratio = p.sampleAspectRatio
        c.pointee.colorspace = p.colorspace
        c.pointee.color_range = p.colorRange
        c.pointee.color_primaries = p.colorPrimaries
        c.pointee.color_trc = p.colorTransfer
        c.pointee.thread_count = 0
        if globalHeader { c.pointee.flags |= cffmpeg_codec_flag_global_header() }
        if let priv = c.pointee.priv_data {
            // Options the user gave must exist; the defaults apply only where they do.
            let crf = String(settings.crf ?? EncoderSettings.defaultCRF)
            if av_opt_set(priv, "crf", crf, 0) < 0, settings.crf != nil {
                throw VideoError(.usage, "--crf: the \(encoder.name) encoder has no crf option")
            }
            let preset = settings.preset ?? EncoderSettings.defaultPreset
            if av_opt_set(priv, "preset", preset, 0) < 0, settings.preset != nil {
                throw VideoError(.usage, "--encoder-preset \(preset): not a preset of the \(encoder.name) encoder")
            }
        }
        // libx264 and libx265 print their settings at info level; keep their own logs quiet too.
        if let priv = c.pointee.priv_data, encoder.name == "libx265" {
            av_opt_set(priv, "x265-params", (["log-level=error"] + p.hdr.x265Parameters).joined(separator: ":"), 0)
        }
        try check(avcodec_open2(c, codec, nil), .usage,
                  "cannot open the \(encoder.name) encoder for \(p.width)x\(p.height) \(PixelFormats.name(p.format))")
        return encoder
    }
}
