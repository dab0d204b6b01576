import CFFmpeg
import CaptionRender

/// Turns a caption layer (straight-alpha RGBA at a position) into a whole overlay frame in the codec's
/// pixel format: transparent everywhere else. Y'CbCr uses BT.709 limited range (the tags say so), alpha
/// full range and straight (not premultiplied), as ProRes 4444 and WebM alpha are read by editors.
/// Where 4:2:0 shares a chroma sample between pixels, it takes the alpha-weighted mean of their colours,
/// so an edge keeps its colour instead of fading towards the black of the transparent pixels beside it.
///
/// Frames are recycled once the encoder has let go of them: a fresh 8-16 MB frame per change would be
/// page-faulted in each time, and freed from the encoder's threads it fragments the heap until memory
/// grows with the overlay's length.
final class OverlayFrameConverter {
    let codec: OverlayCodec
    let width: Int
    let height: Int
    let matrix = ColorMatrix(standard: .bt709, fullRange: false)
    private var pool: [MediaFrame] = []

    init(codec: OverlayCodec, width: Int, height: Int) {
        self.codec = codec; self.width = width; self.height = height
    }

    /// A new reference to a frame holding `layer` (or nothing) over transparency.
    func frame(_ layer: CaptionLayer?) throws(VideoError) -> MediaFrame {
        let frame: MediaFrame
        if let free = pool.first(where: { av_frame_is_writable($0.pointer) != 0 }) {
            frame = free
        } else {
            frame = try MediaFrame.video(width: width, height: height, format: codec.pixelFormat)
            if codec.isYCbCr {
                // The frame's own tags, not only the encoder's: ProRes writes its frame header from them,
                // and a decoder reading "unknown" takes BT.601 (a yellow caption turns orange-grey).
                let f = frame.pointer
                f.pointee.colorspace = AVCOL_SPC_BT709; f.pointee.color_primaries = AVCOL_PRI_BT709
                f.pointee.color_trc = AVCOL_TRC_BT709; f.pointee.color_range = AVCOL_RANGE_MPEG
            }
            pool.append(frame)
        }
        clear(frame)
        if let layer { draw(layer, into: frame) }
        return try frame.reference()
    }

    /// Fully transparent: black in the colour planes, zero alpha.
    private func clear(_ frame: MediaFrame) {
        switch codec {
        case .prores:
            for (plane, value) in [(0, UInt16(64)), (1, 512), (2, 512), (3, 0)] {
                fill16(frame, plane: plane, rows: height, columns: width, value: value)
            }
        case .vp9:
            fill8(frame, plane: 0, rows: height, columns: width, value: 16)
            fill8(frame, plane: 1, rows: (height + 1) / 2, columns: (width + 1) / 2, value: 128)
            fill8(frame, plane: 2, rows: (height + 1) / 2, columns: (width + 1) / 2, value: 128)
            fill8(frame, plane: 3, rows: height, columns: width, value: 0)
        case .qtrle, .png:
            fill8(frame, plane: 0, rows: height, columns: width * 4, value: 0)
        }
    }

    private func fill8(_ frame: MediaFrame, plane: Int, rows: Int, columns: Int, value: UInt8) {
        let base = frame.plane(plane)!, stride = frame.linesize(plane)
        for y in 0..<rows { (base + y * stride).update(repeating: value, count: columns) }
    }

    private func fill16(_ frame: MediaFrame, plane: Int, rows: Int, columns: Int, value: UInt16) {
        let base = UnsafeMutableRawPointer(frame.plane(plane)!), stride = frame.linesize(plane)
        for y in 0..<rows { (base + y * stride).assumingMemoryBound(to: UInt16.self).update(repeating: value, count: columns) }
    }

    private func draw(_ layer: CaptionLayer, into frame: MediaFrame) {
        let shown = layer.frame.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !shown.isEmpty else { return }
        layer.image.withUnsafePixels { pixels in
            let lw = layer.image.width
            func at(_ x: Int, _ y: Int) -> Int { ((y - layer.y) * lw + (x - layer.x)) * 4 }
            switch codec {
            case .qtrle, .png:
                let base = frame.plane(0)!, stride = frame.linesize(0)
                for y in shown.y..<shown.maxY {
                    let row = base + y * stride
                    for x in shown.x..<shown.maxX {
                        let i = at(x, y), o = x * 4
                        // ARGB for QuickTime Animation, RGBA for PNG.
                        if codec == .qtrle {
                            row[o] = pixels[i + 3]; row[o + 1] = pixels[i]; row[o + 2] = pixels[i + 1]; row[o + 3] = pixels[i + 2]
                        } else {
                            row[o] = pixels[i]; row[o + 1] = pixels[i + 1]; row[o + 2] = pixels[i + 2]; row[o + 3] = pixels[i + 3]
                        }
                    }
                }
            case .prores:
                let planes = (0..<4).map { (UnsafeMutableRawPointer(frame.plane($0)!), frame.linesize($0)) }
                for y in shown.y..<shown.maxY {
                    let rows = planes.map { ($0.0 + y * $0.1).assumingMemoryBound(to: UInt16.self) }
                    for x in shown.x..<shown.maxX {
                        let i = at(x, y)
                        let alpha = pixels[i + 3]
                        guard alpha > 0 else { continue }
                        let c = matrix.yuv(pixels[i], pixels[i + 1], pixels[i + 2])
                        rows[0][x] = UInt16((c.y * 4).rounded()); rows[1][x] = UInt16((c.u * 4).rounded())
                        rows[2][x] = UInt16((c.v * 4).rounded()); rows[3][x] = UInt16((Double(alpha) * 1023 / 255).rounded())
                    }
                }
            case .vp9:
                let y0 = frame.plane(0)!, u0 = frame.plane(1)!, v0 = frame.plane(2)!, a0 = frame.plane(3)!
                let ys = frame.linesize(0), us = frame.linesize(1), vs = frame.linesize(2), as_ = frame.linesize(3)
                // Chroma blocks over the shown rectangle: the alpha-weighted mean of their pixels' colours.
                for cy in (shown.y >> 1)...((shown.maxY - 1) >> 1) {
                    for cx in (shown.x >> 1)...((shown.maxX - 1) >> 1) {
                        var weight = 0.0, u = 0.0, v = 0.0
                        for y in (cy * 2)..<min(cy * 2 + 2, height) {
                            for x in (cx * 2)..<min(cx * 2 + 2, width) {
                                guard shown.contains(x: x, y: y) else { continue }
                                let i = at(x, y)
                                let alpha = Double(pixels[i + 3])
                                guard alpha > 0 else { continue }
                                let c = matrix.yuv(pixels[i], pixels[i + 1], pixels[i + 2])
                                y0[y * ys + x] = UInt8(c.y.rounded())
                                a0[y * as_ + x] = pixels[i + 3]
                                weight += alpha; u += alpha * c.u; v += alpha * c.v
                            }
                        }
                        if weight > 0 {
                            u0[cy * us + cx] = UInt8((u / weight).rounded()); v0[cy * vs + cx] = UInt8((v / weight).rounded())
                        }
                    }
                }
            }
        }
    }
}
