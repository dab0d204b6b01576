import CFFmpeg

/// The pixel formats the compositor blends into directly, and facts about formats in general.
enum PixelFormats {
    /// Y'CbCr layouts the compositor draws on: planar with their chroma subsampling (8-bit, or 10-bit in
    /// 16-bit little-endian samples), or NV12.
    enum Layout: Equatable {
        case planar(chromaShiftX: Int, chromaShiftY: Int)
        case nv12
    }

    static func layout(_ format: AVPixelFormat) -> Layout? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: .planar(chromaShiftX: 1, chromaShiftY: 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: .planar(chromaShiftX: 1, chromaShiftY: 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: .planar(chromaShiftX: 0, chromaShiftY: 0)
        case AV_PIX_FMT_YUV420P10LE: .planar(chromaShiftX: 1, chromaShiftY: 1)
        case AV_PIX_FMT_YUV422P10LE: .planar(chromaShiftX: 1, chromaShiftY: 0)
        case AV_PIX_FMT_YUV444P10LE: .planar(chromaShiftX: 0, chromaShiftY: 0)
        case AV_PIX_FMT_NV12: .nv12
        default: nil
        }
    }

    /// Bits per sample of the formats `layout` knows: 10 for the `p10le` ones, else 8.
    static func bitDepth(_ format: AVPixelFormat) -> Int {
        format == AV_PIX_FMT_YUV420P10LE || format == AV_PIX_FMT_YUV422P10LE || format == AV_PIX_FMT_YUV444P10LE ? 10 : 8
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

    /// The format to encode: the one asked for (`--pix-fmt`), checked; else the decoder's own when the
    /// encoder takes it and the compositor can draw on it (no conversion at all: a 10-bit input stays
    /// 10-bit), else the encoder's first format the compositor can draw on, at the input's bit depth.
    static func encoderFormat(for codec: UnsafePointer<AVCodec>, decoded: AVPixelFormat, requested: String? = nil) throws(VideoError) -> AVPixelFormat {
        var supported: [AVPixelFormat] = []
        if var p = codec.pointee.pix_fmts {
            while p.pointee != AV_PIX_FMT_NONE { supported.append(p.pointee); p += 1 }
        } else {
            supported = [AV_PIX_FMT_YUV420P]
        }
        let encoder = String(cString: codec.pointee.name)
        let drawable = supported.filter { layout($0) != nil }
        if let requested {
            let format = av_get_pix_fmt(requested)
            guard format != AV_PIX_FMT_NONE else { throw VideoError(.usage, "--pix-fmt \(requested): not a pixel format name (yuv420p, yuv420p10le, ...)") }
            guard supported.contains(format) else {
                throw VideoError(.usage, "--pix-fmt \(requested): the \(encoder) encoder does not take it; it takes \(supported.map(name).joined(separator: ", "))")
            }
            guard layout(format) != nil else {
                throw VideoError(.usage, "--pix-fmt \(requested): captions are drawn on planar Y'CbCr (8- or 10-bit) or nv12; \(encoder) takes \(drawable.map(name).joined(separator: ", "))")
            }
            return format
        }
        if supported.contains(decoded), layout(decoded) != nil { return decoded }
        let depth = (av_pix_fmt_desc_get(decoded)?.pointee.comp.0.depth).map(Int.init) ?? 8
        guard let format = drawable.first(where: { !isFullRange($0) && bitDepth($0) == (depth > 8 ? 10 : 8) })
            ?? drawable.first(where: { !isFullRange($0) }) ?? drawable.first else {
            throw VideoError(.usage, "the \(encoder) encoder takes no Y'CbCr pixel format (8- or 10-bit) to draw captions on")
        }
        return format
    }
}
