import CFFmpeg

/// The pixel formats the compositor blends into directly, and facts about formats in general.
enum PixelFormats {
    /// 8-bit YUV layouts the compositor draws on: planar with their chroma subsampling, or NV12.
    enum Layout: Equatable {
        case planar(chromaShiftX: Int, chromaShiftY: Int)
        case nv12
    }

    static func layout(_ format: AVPixelFormat) -> Layout? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: .planar(chromaShiftX: 1, chromaShiftY: 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: .planar(chromaShiftX: 1, chromaShiftY: 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: .planar(chromaShiftX: 0, chromaShiftY: 0)
        case AV_PIX_FMT_NV12: .nv12
        default: nil
        }
    }

    static func isFullRange(_ format: AVPixelFormat) -> Bool {
        format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P
    }

    static func isRGB(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
    }

    static func name(_ format: AVPixelFormat) -> String {
        av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
    }

    /// The format to encode: the decoder's own when the encoder takes it and the compositor can draw
    /// on it (no conversion at all), else the encoder's first format the compositor can draw on.
    static func encoderFormat(for codec: UnsafePointer<AVCodec>, decoded: AVPixelFormat) -> AVPixelFormat? {
        var supported: [AVPixelFormat] = []
        if var p = codec.pointee.pix_fmts {
            while p.pointee != AV_PIX_FMT_NONE { supported.append(p.pointee); p += 1 }
        } else {
            supported = [AV_PIX_FMT_YUV420P]
        }
        if supported.contains(decoded), layout(decoded) != nil { return decoded }
        return supported.first { layout($0) != nil && !isFullRange($0) } ?? supported.first { layout($0) != nil }
    }
}
