import CFFmpeg
import CaptionModel
import CaptionRender

/// Chosen frames of a video as RGBA images, for golden checks of burned files.
public struct VideoStillFrames: Sendable {
    /// In the order of the times asked for.
    public var images: [RGBAImage]
    /// What the Y'CbCr pixels were converted with (the stream's tags).
    public var matrix: ColorMatrix
    public var width: Int
    public var height: Int
    /// The decoded frames' pixel format, as libavutil names it (`yuv420p`).
    public var pixelFormat: String
}

/// Reads the frames a video shows at given times: decoded with libavcodec from the start (exact, and
/// the clips checked are short), and converted to 8-bit RGB with the matrix and range the stream is
/// tagged with, each pixel taking the chroma sample that covers it (no interpolation, so the
/// conversion is the same wherever it runs). Frames are as stored: rotation metadata is not applied.
public enum VideoStills {
    /// The frame shown at each of `times` (milliseconds from the stream's start, any order, repeats
    /// allowed): the last frame whose timestamp is at or before the time; the first frame for a time
    /// before it, the last one for a time past the end.
    public static func frames(path: String, at times: [Milliseconds]) throws(VideoError) -> VideoStillFrames {
        let input = try MediaInput(path: path)
        guard let stream = input.video else { throw VideoError(.unsupported, "\(path) has no video stream") }
        let decoder = try VideoDecoder.open(stream, file: path)
        let timeBase = stream.pointee.time_base
        let start = stream.pointee.start_time == cffmpeg_nopts_value() ? 0 : stream.pointee.start_time
        let order = times.indices.sorted { times[$0] < times[$1] }
        var images = [RGBAImage?](repeating: nil, count: times.count)
        var next = 0
        var shown: (frame: MediaFrame, image: RGBAImage?)?
        var converter: StillConverter?

        func image(of entry: inout (frame: MediaFrame, image: RGBAImage?)) throws(VideoError) -> RGBAImage {
            if let done = entry.image { return done }
            if converter == nil { converter = try StillConverter(entry.frame, file: path) }
            let converted = try converter!.convert(entry.frame)
            entry.image = converted
            return converted
        }
        // Every time before this frame's start is shown by the frame before it (or, before the first
        // frame, by this one).
        func arrived(_ frame: MediaFrame) throws(VideoError) {
            let ts = frame.pointer.pointee.best_effort_timestamp
            // Exactly: a time t is before the frame when t / 1000 < (ts - start) * num / den (a frame at
            // 33.3 ms is not shown at 33 ms, which rounding the frame's time to milliseconds would say).
            func before(_ t: Milliseconds) -> Bool {
                ts != cffmpeg_nopts_value() && Int64(t) * Int64(timeBase.den) < (ts - start) * 1000 * Int64(timeBase.num)
            }
            var current = (frame: try frame.reference(), image: RGBAImage?.none)
            while next < order.count, before(times[order[next]]) {
                images[order[next]] = shown == nil ? try image(of: &current) : try image(of: &shown!)
                next += 1
            }
            shown = current
        }

        let packet = MediaPacket()
        while next < order.count, try input.read(into: packet) {
            let owned = packet.take()
            guard owned.pointer.pointee.stream_index == stream.pointee.index else { continue }
            try decoder.decode(owned, file: path) { (frame) throws(VideoError) in try arrived(frame) }
        }
        if next < order.count { try decoder.decode(nil, file: path) { (frame) throws(VideoError) in try arrived(frame) } }
        guard shown != nil || next == order.count else { throw VideoError(.malformedInput, "\(path): no video frame could be decoded") }
        while next < order.count {
            images[order[next]] = try image(of: &shown!)
            next += 1
        }
        guard let converter else { throw VideoError(.malformedInput, "\(path): no video frame could be decoded") }
        return VideoStillFrames(images: images.map { $0! }, matrix: converter.matrix, width: converter.width,
                                height: converter.height, pixelFormat: converter.formatName)
    }
}

/// Y'CbCr frames to RGBA through per-component tables. 8-bit planar 4:2:0, 4:2:2 and 4:4:4 are read
/// as they are; any other format is first converted to 4:4:4 by swscale (the same range).
private struct StillConverter {
    let width: Int
    let height: Int
    let matrix: ColorMatrix
    let formatName: String
    private let format: AVPixelFormat
    private let shift: (x: Int, y: Int)?
    // Each channel is yTerm[y] + uTerm[u] + vTerm[v], in 1/65536 of a code value.
    private let yTerm: [Int32], rV: [Int32], gU: [Int32], gV: [Int32], bU: [Int32]

    init(_ frame: MediaFrame, file: String) throws(VideoError) {
        let f = frame.pointer.pointee
        width = Int(f.width); height = Int(f.height)
        format = AVPixelFormat(rawValue: f.format)
        formatName = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
        matrix = ColorMatrix(colorspace: f.colorspace, range: f.color_range, format: format)
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: shift = (1, 1)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: shift = (1, 0)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: shift = (0, 0)
        default: shift = nil
        }
        guard width > 0, height > 0 else { throw VideoError(.malformedInput, "\(file): a frame has no size") }
        // ColorMatrix.rgb's arithmetic, split per component.
        let (kr, kb) = (matrix.kr, matrix.kb)
        let full = matrix.fullRange
        let scale = 65536.0 * 255
        func fixed(_ v: Double) -> Int32 { Int32((v * scale).rounded()) }
        let ys = (0..<256).map { full ? Double($0) / 255 : (Double($0) - 16) / 219 }
        let cs = (0..<256).map { (Double($0) - 128) / (full ? 255 : 224) }
        let kg = 1 - kr - kb
        yTerm = ys.map(fixed)
        rV = cs.map { fixed(2 * (1 - kr) * $0) }
        bU = cs.map { fixed(2 * (1 - kb) * $0) }
        gU = cs.map { fixed(-kb * 2 * (1 - kb) * $0 / kg) }
        gV = cs.map { fixed(-kr * 2 * (1 - kr) * $0 / kg) }
    }

    func convert(_ frame: MediaFrame) throws(VideoError) -> RGBAImage {
        guard let shift else {
            let planar = try MediaFrame.video(width: width, height: height, format: matrix.fullRange ? AV_PIX_FMT_YUVJ444P : AV_PIX_FMT_YUV444P)
            guard let sws = sws_getContext(Int32(width), Int32(height), format, Int32(width), Int32(height),
                                           AVPixelFormat(rawValue: planar.pointer.pointee.format), Int32(SWS_POINT), nil, nil, nil) else {
                throw VideoError(.unsupported, "cannot convert \(formatName) frames")
            }
            defer { sws_freeContext(sws) }
            _ = withUnsafePointer(to: &frame.pointer.pointee.data) { src in
                withUnsafePointer(to: &frame.pointer.pointee.linesize) { srcStride in
                    withUnsafeMutablePointer(to: &planar.pointer.pointee.data) { dst in
                        withUnsafeMutablePointer(to: &planar.pointer.pointee.linesize) { dstStride in
                            sws_scale(sws, UnsafeRawPointer(src).assumingMemoryBound(to: UnsafePointer<UInt8>?.self),
                                      UnsafeRawPointer(srcStride).assumingMemoryBound(to: Int32.self), 0, Int32(height),
                                      UnsafeMutableRawPointer(dst).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                                      UnsafeMutableRawPointer(dstStride).assumingMemoryBound(to: Int32.self))
                        }
                    }
                }
            }
            return planes(planar, shift: (0, 0))
        }
        return planes(frame, shift: shift)
    }

    private func planes(_ frame: MediaFrame, shift: (x: Int, y: Int)) -> RGBAImage {
        let y = frame.plane(0)!, u = frame.plane(1)!, v = frame.plane(2)!
        let ys = frame.linesize(0), us = frame.linesize(1), vs = frame.linesize(2)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let round: Int32 = 32768
        @inline(__always) func byte(_ x: Int32) -> UInt8 { UInt8(clamping: (x + round) >> 16) }
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let yRow = y + row * ys, uRow = u + (row >> shift.y) * us, vRow = v + (row >> shift.y) * vs
                var o = row * width * 4
                for col in 0..<width {
                    let l = yTerm[Int(yRow[col])]
                    let cb = Int(uRow[col >> shift.x]), cr = Int(vRow[col >> shift.x])
                    out[o] = byte(l + rV[cr])
                    out[o + 1] = byte(l + gU[cb] + gV[cr])
                    out[o + 2] = byte(l + bU[cb])
                    o += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
