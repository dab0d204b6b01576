import CFFmpeg
import CaptionRender

/// Blends caption layers into decoded frames in their own pixel format (8-bit Y'CbCr, planar or NV12, or
/// 10-bit planar, where the same weights apply to samples four times larger),
/// touching only the caption's rectangle: no frame-sized RGB conversion. A layer is converted once
/// (`PreparedLayer`) and reused for as long as the source returns the same layer object.
final class FrameCompositor {
    let rotation: Int
    private var lastLayer: CaptionLayer?
    private var prepared: PreparedLayer?
    private var preparedFor: (width: Int, height: Int, format: Int32, matrix: ColorMatrix)?

    init(rotation: Int) { self.rotation = rotation }

    /// Draws `layer` onto `frame`, which must be writable.
    func blend(_ layer: CaptionLayer, onto frame: MediaFrame) throws(VideoError) {
        guard let layout = PixelFormats.layout(frame.format) else {
            throw VideoError(.usage, "cannot draw on \(PixelFormats.name(frame.format)) frames")
        }
        let (sx, sy) = switch layout {
        case .planar(let x, let y): (x, y)
        case .nv12: (1, 1)
        }
        let f = frame.pointer.pointee
        let matrix = ColorMatrix(colorspace: f.colorspace, range: f.color_range, format: frame.format, transfer: f.color_trc)
        let key = (frame.width, frame.height, f.format, matrix)
        if layer !== lastLayer || preparedFor.map({ $0 != key }) ?? true {
            prepared = PreparedLayer(layer, frameWidth: frame.width, frameHeight: frame.height, rotation: rotation,
                                     chromaShiftX: sx, chromaShiftY: sy, matrix: matrix)
            lastLayer = layer
            preparedFor = key
        }
        guard let prepared, let luma = frame.plane(0) else { return }
        if PixelFormats.bitDepth(frame.format) == 10 {
            guard let u = frame.plane(1), let v = frame.plane(2) else { return }
            Self.blend10(plane: luma, linesize: frame.linesize(0), rect: prepared.rect,
                         weight: prepared.lumaWeight, premultiplied: prepared.lumaPremultiplied)
            Self.blend10(plane: u, linesize: frame.linesize(1), rect: prepared.chromaRect,
                         weight: prepared.chromaWeight, premultiplied: prepared.uPremultiplied)
            Self.blend10(plane: v, linesize: frame.linesize(2), rect: prepared.chromaRect,
                         weight: prepared.chromaWeight, premultiplied: prepared.vPremultiplied)
            return
        }
        Self.blend(plane: luma, linesize: frame.linesize(0), rect: prepared.rect, step: 1,
                   weight: prepared.lumaWeight, premultiplied: prepared.lumaPremultiplied)
        switch layout {
        case .planar:
            guard let u = frame.plane(1), let v = frame.plane(2) else { return }
            Self.blend(plane: u, linesize: frame.linesize(1), rect: prepared.chromaRect, step: 1,
                       weight: prepared.chromaWeight, premultiplied: prepared.uPremultiplied)
            Self.blend(plane: v, linesize: frame.linesize(2), rect: prepared.chromaRect, step: 1,
                       weight: prepared.chromaWeight, premultiplied: prepared.vPremultiplied)
        case .nv12:
            guard let uv = frame.plane(1) else { return }
            Self.blend(plane: uv, linesize: frame.linesize(1), rect: prepared.chromaRect, step: 2,
                       weight: prepared.chromaWeight, premultiplied: prepared.uPremultiplied)
            Self.blend(plane: uv + 1, linesize: frame.linesize(1), rect: prepared.chromaRect, step: 2,
                       weight: prepared.chromaWeight, premultiplied: prepared.vPremultiplied)
        }
    }

    /// A 10-bit plane (16-bit little-endian samples): the 8-bit blend with the caption's premultiplied
    /// value four times larger, as limited-range 10-bit code values are four times the 8-bit ones.
    static func blend10(plane: UnsafeMutablePointer<UInt8>, linesize: Int, rect: PixelRect, weight: [Int32], premultiplied: [Int32]) {
        weight.withUnsafeBufferPointer { weight in
            premultiplied.withUnsafeBufferPointer { premultiplied in
                for row in 0..<rect.height {
                    let line = UnsafeMutableRawPointer(plane + (rect.y + row) * linesize).assumingMemoryBound(to: UInt16.self) + rect.x
                    let k = row * rect.width
                    for column in 0..<rect.width {
                        let w = Int64(weight[k + column]), p = Int64(premultiplied[k + column]) * 4
                        let value = (Int64(UInt16(littleEndian: line[column])) * (65536 - w) + p + 32768) >> 16
                        line[column] = UInt16(truncatingIfNeeded: value).littleEndian
                    }
                }
            }
        }
    }

    /// One plane: `sample = (sample·(65536 − weight) + premultiplied + 32768) >> 16` over `rect`,
    /// samples `step` bytes apart (2 for NV12's interleaved chroma). Branch-free so it vectorises: a
    /// transparent sample (weight 0, premultiplied 0) comes out unchanged, and the result is a convex
    /// combination of two bytes, so it always fits in one.
    static func blend(plane: UnsafeMutablePointer<UInt8>, linesize: Int, rect: PixelRect, step: Int,
                      weight: [Int32], premultiplied: [Int32]) {
        weight.withUnsafeBufferPointer { weight in
            premultiplied.withUnsafeBufferPointer { premultiplied in
                let (w, p) = (weight.baseAddress!, premultiplied.baseAddress!)
                for row in 0..<rect.height {
                    let line = plane + (rect.y + row) * linesize + rect.x * step
                    let k = row * rect.width
                    if step == 1 {
                        for column in 0..<rect.width {
                            let value = (Int32(line[column]) * (65536 - w[k + column]) + p[k + column] + 32768) >> 16
                            line[column] = UInt8(truncatingIfNeeded: value)
                        }
                    } else {
                        for column in 0..<rect.width {
                            let value = (Int32(line[column * step]) * (65536 - w[k + column]) + p[k + column] + 32768) >> 16
                            line[column * step] = UInt8(truncatingIfNeeded: value)
                        }
                    }
                }
            }
        }
    }
}
