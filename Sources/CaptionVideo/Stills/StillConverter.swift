import CFFmpeg
import CaptionRender

/// Decoded frames to 8-bit sRGB RGBA with straight alpha, for comparisons with rendered frames.
///
/// - SDR Y'CbCr without alpha (what burns produce) goes through per-component tables: 8-bit planar
///   4:2:0, 4:2:2 and 4:4:4 as they are, anything else first converted to 8-bit 4:4:4 by swscale.
/// - Frames with alpha (ProRes 4444 and VP9 overlays) and HLG or PQ frames are read at 16 bits
///   (swscale to 4:4:4 with alpha) and keep their alpha. HDR signal goes back through linear light to
///   sRGB with HDR reference white as SDR white: the inverse of what `ColorMatrix` does to caption
///   colours, so a burned caption reads back as the colour its style gave.
/// - RGB frames (QuickTime Animation, PNG) are converted by swscale, alpha kept.
///
/// Chroma is never interpolated: each pixel takes the sample that covers it, so the conversion is the
/// same wherever it runs.
struct StillConverter {
    let width: Int
    let height: Int
    let matrix: ColorMatrix
    let formatName: String
    private let format: AVPixelFormat
    private enum Route { case tables(shift: (x: Int, y: Int)?), sixteenBit, rgb }
    private let route: Route
    // Tables: each channel is yTerm[y] + uTerm[u] + vTerm[v], in 1/65536 of a code value.
    private let yTerm: [Int32], rV: [Int32], gU: [Int32], gV: [Int32], bU: [Int32]
    private let hdr: HDRToSRGB?

    init(_ frame: MediaFrame, file: String) throws(VideoError) {
        let f = frame.pointer.pointee
        width = Int(f.width); height = Int(f.height)
        format = AVPixelFormat(rawValue: f.format)
        formatName = PixelFormats.name(format)
        matrix = ColorMatrix(colorspace: f.colorspace, range: f.color_range, format: format, transfer: f.color_trc)
        guard width > 0, height > 0 else { throw VideoError(.malformed, "\(file): a frame has no size") }
        let descriptor = av_pix_fmt_desc_get(format)?.pointee
        let hasAlpha = (descriptor?.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
        if PixelFormats.isRGB(format) {
            route = .rgb
        } else if hasAlpha || matrix.transfer != .sdr {
            route = .sixteenBit
        } else {
            switch format {
            case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: route = .tables(shift: (1, 1))
            case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: route = .tables(shift: (1, 0))
            case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: route = .tables(shift: (0, 0))
            default: route = .tables(shift: nil)
            }
        }
        hdr = matrix.transfer == .sdr ? nil : HDRToSRGB(transfer: matrix.transfer, standard: matrix.standard)
        // ColorMatrix.rgb's arithmetic, split per component.
        let (kr, kb) = (matrix.kr, matrix.kb)
        let full = matrix.fullRange
        let scale = 65536.0 * 255
        func fixed(_ v: Double) -> Int32 { Int32((v * scale).rounded()) }
        let ys = (0..<256).map { (v: Int) -> Double in full ? Double(v) / 255 : (Double(v) - 16) / 219 }
        let cs = (0..<256).map { (v: Int) -> Double in (Double(v) - 128) / (full ? 255.0 : 224.0) }
        let kg = 1 - kr - kb
        yTerm = ys.map(fixed)
        rV = cs.map { fixed(2 * (1 - kr) * $0) }
        bU = cs.map { fixed(2 * (1 - kb) * $0) }
        gU = cs.map { fixed(-kb * 2 * (1 - kb) * $0 / kg) }
        gV = cs.map { fixed(-kr * 2 * (1 - kr) * $0 / kg) }
    }

    func convert(_ frame: MediaFrame) throws(VideoError) -> RGBAImage {
        switch route {
        case .tables(let shift?):
            return tables(frame, shift: shift)
        case .tables(nil):
            return tables(try scaled(frame, to: matrix.fullRange ? AV_PIX_FMT_YUVJ444P : AV_PIX_FMT_YUV444P), shift: (0, 0))
        case .sixteenBit:
            return sixteenBit(try scaled(frame, to: AV_PIX_FMT_YUVA444P16LE))
        case .rgb:
            let rgba = try scaled(frame, to: AV_PIX_FMT_RGBA)
            var image = RGBAImage(width: width, height: height)
            image.withUnsafeMutablePixels { out in
                for row in 0..<height {
                    (out.baseAddress! + row * width * 4).update(from: rgba.plane(0)! + row * rgba.linesize(0), count: width * 4)
                }
            }
            return image
        }
    }

    /// The frame in another format at the same size, with nearest-sample chroma (SWS_POINT) and the
    /// frame's own range.
    private func scaled(_ frame: MediaFrame, to target: AVPixelFormat) throws(VideoError) -> MediaFrame {
        let converted = try MediaFrame.video(width: width, height: height, format: target)
        guard let sws = sws_getContext(Int32(width), Int32(height), format, Int32(width), Int32(height), target,
                                       Int32(SWS_POINT), nil, nil, nil) else {
            throw VideoError(.usage, "cannot convert \(formatName) frames")
        }
        defer { sws_freeContext(sws) }
        // Keep limited range limited (swscale would otherwise pick its own idea of the source's range).
        if !PixelFormats.isRGB(format), !PixelFormats.isRGB(target) {
            var inverse: UnsafeMutablePointer<Int32>?, table: UnsafeMutablePointer<Int32>?
            var sourceRange: Int32 = 0, destinationRange: Int32 = 0, brightness: Int32 = 0, contrast: Int32 = 0, saturation: Int32 = 0
            if sws_getColorspaceDetails(sws, &inverse, &sourceRange, &table, &destinationRange, &brightness, &contrast, &saturation) >= 0 {
                let range: Int32 = matrix.fullRange ? 1 : 0
                sws_setColorspaceDetails(sws, inverse, range, table, range, brightness, contrast, saturation)
            }
        }
        try check(sws_scale_frame(sws, converted.pointer, frame.pointer), .usage, "cannot convert \(formatName) frames")
        return converted
    }

    private func tables(_ frame: MediaFrame, shift: (x: Int, y: Int)) -> RGBAImage {
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

    /// 16-bit 4:4:4 Y'CbCr with alpha (limited range: black at 16 × 256, white at 235 × 256) to RGBA.
    private func sixteenBit(_ frame: MediaFrame) -> RGBAImage {
        let (kr, kb) = (Float(matrix.kr), Float(matrix.kb)), kg = 1 - kr - kb
        let full = matrix.fullRange
        let (yOffset, yScale): (Float, Float) = full ? (0, 1 / 65535) : (4096, 1 / 56064)
        let cScale: Float = full ? 1 / 65535 : 1 / 57344
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func row16(_ plane: Int, _ row: Int) -> UnsafeMutablePointer<UInt16> {
            UnsafeMutableRawPointer(frame.plane(plane)! + row * frame.linesize(plane)).assumingMemoryBound(to: UInt16.self)
        }
        @inline(__always) func byte(_ x: Float) -> UInt8 { UInt8(max(0, min(255, x * 255 + 0.5))) }
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let y = row16(0, row), u = row16(1, row), v = row16(2, row), a = row16(3, row)
                var o = row * width * 4
                for col in 0..<width {
                    let yf = (Float(y[col]) - yOffset) * yScale
                    let pb = (Float(u[col]) - 32768) * cScale, pr = (Float(v[col]) - 32768) * cScale
                    let r = yf + 2 * (1 - kr) * pr, b = yf + 2 * (1 - kb) * pb
                    let g = (yf - kr * r - kb * b) / kg
                    if let hdr {
                        (out[o], out[o + 1], out[o + 2]) = hdr.srgb(r, g, b)
                    } else {
                        (out[o], out[o + 1], out[o + 2]) = (byte(r), byte(g), byte(b))
                    }
                    out[o + 3] = UInt8((UInt32(a[col]) * 255 + 32767) / 65535)
                    o += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
