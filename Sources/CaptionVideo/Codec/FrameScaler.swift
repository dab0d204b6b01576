import CFFmpeg

/// Brings decoded frames to the output's size and pixel format with libswscale, following a
/// `FramePlacement`. A frame that only needs cropping is narrowed in place (its data pointers move),
/// so the common case (same size, a format the encoder takes) copies nothing.
final class FrameScaler: @unchecked Sendable {
    let placement: FramePlacement
    let format: AVPixelFormat
    private var scaler: OpaquePointer?
    private var scalerKey: (width: Int32, height: Int32, format: Int32)?

    init(placement: FramePlacement, format: AVPixelFormat) {
        self.placement = placement
        self.format = format
    }

    deinit { sws_freeContext(scaler) }

    func convert(_ frame: MediaFrame) throws(VideoError) -> MediaFrame {
        let p = placement
        let source = p.source
        // A frame whose size changed mid-stream is used whole.
        let fits = source.maxX <= frame.width && source.maxY <= frame.height
        if fits, p.isCropOnly, frame.format == format {
            if source.width != frame.width || source.height != frame.height {
                try check(cffmpeg_frame_crop(frame.pointer, Int32(source.x), Int32(source.y), Int32(source.width), Int32(source.height)),
                          .usage, "cannot crop a frame")
            }
            return frame
        }
        if fits {
            try check(cffmpeg_frame_crop(frame.pointer, Int32(source.x), Int32(source.y), Int32(source.width), Int32(source.height)),
                      .usage, "cannot crop a frame")
        }
        let output = try MediaFrame.video(width: p.outputWidth, height: p.outputHeight, format: format)
        copyProperties(from: frame, to: output)
        let target: MediaFrame
        if p.destination.width == p.outputWidth && p.destination.height == p.outputHeight {
            target = output
        } else {
            try check(cffmpeg_frame_fill_black(output.pointer), .usage, "cannot pad a frame")
            // A view of the destination rectangle sharing the output's buffers: swscale writes into it.
            target = try output.reference()
            let d = p.destination
            try check(cffmpeg_frame_crop(target.pointer, Int32(d.x), Int32(d.y), Int32(d.width), Int32(d.height)),
                      .usage, "cannot place a frame")
        }
        let context = try scaler(from: frame, to: target)
        try check(sws_scale_frame(context, target.pointer, frame.pointer), .usage, "cannot scale a frame")
        return output
    }

    private func scaler(from source: MediaFrame, to target: MediaFrame) throws(VideoError) -> OpaquePointer {
        let s = source.pointer.pointee
        if let scaler, let key = scalerKey, key.width == s.width, key.height == s.height, key.format == s.format { return scaler }
        sws_freeContext(scaler)
        scaler = sws_getContext(s.width, s.height, AVPixelFormat(rawValue: s.format), target.pointer.pointee.width,
                                target.pointer.pointee.height, format, SWS_BICUBIC, nil, nil, nil)
        scalerKey = (s.width, s.height, s.format)
        guard let scaler else {
            throw VideoError(.usage, "cannot convert \(s.width)x\(s.height) \(PixelFormats.name(AVPixelFormat(rawValue: s.format))) frames")
        }
        return scaler
    }

    /// Timestamps and colour tags; swscale converts full-range "yuvj" input to the output's range.
    private func copyProperties(from source: MediaFrame, to output: MediaFrame) {
        let s = source.pointer.pointee
        output.pointer.pointee.pts = s.pts
        output.pointer.pointee.pkt_duration = s.pkt_duration
        output.pointer.pointee.sample_aspect_ratio = s.sample_aspect_ratio
        output.pointer.pointee.color_primaries = s.color_primaries
        output.pointer.pointee.color_trc = s.color_trc
        let rgb = PixelFormats.isRGB(AVPixelFormat(rawValue: s.format))
        // swscale converts RGB with the BT.601 matrix, and tags nothing: say so, or players guess.
        output.pointer.pointee.colorspace = rgb ? AVCOL_SPC_SMPTE170M : s.colorspace
        output.pointer.pointee.color_range = s.format == format.rawValue ? s.color_range
            : PixelFormats.isFullRange(format) ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    }
}
