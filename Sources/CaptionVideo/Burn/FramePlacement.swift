import CaptionRender

/// How a burn sizes its output: the input's size, a given size, or an aspect ratio of the input's.
public enum OutputShape: Sendable, Equatable {
    case source
    case size(width: Int, height: Int)
    /// Width to height, e.g. 9:16.
    case aspect(Int, Int)
}

/// How the input fills an output of another shape: cropped to cover it, or scaled to fit and padded with black.
public enum FitMode: String, Sendable, CaseIterable {
    case crop, pad
}

/// Where the input's picture goes in the output frame: which part of the source is used, and the
/// rectangle of the output it is scaled into (the rest is black padding). Sizes are even, as 4:2:0
/// encoders need; an odd input loses its last row or column.
public struct FramePlacement: Sendable, Equatable, CustomStringConvertible {
    public var outputWidth: Int
    public var outputHeight: Int
    /// The part of the source frame used.
    public var source: PixelRect
    /// Where that part lands in the output, scaled.
    public var destination: PixelRect

    /// True when the frame only needs cropping (no scaling, no padding): no pixel is touched.
    public var isCropOnly: Bool {
        source.width == destination.width && source.height == destination.height
            && destination == PixelRect(x: 0, y: 0, width: outputWidth, height: outputHeight)
    }

    public var description: String {
        "\(outputWidth)x\(outputHeight) from \(source) into \(destination)"
    }

    /// The placement of a `width`×`height` source. All sizes here are in one orientation (the
    /// caller rotates the requested shape for a rotated video).
    public static func of(sourceWidth width: Int, height: Int, shape: OutputShape, fit: FitMode) -> FramePlacement {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        switch shape {
        case .source:
            return cropped(width: width, height: height, to: even(width), even(height))
        case .size(let w, let h):
            return placement(full, outputWidth: even(w), outputHeight: even(h), fit: fit)
        case .aspect(let a, let b):
            // Crop: the largest a:b frame inside the source; pad: the smallest holding it. No scaling.
            let wider = width * b > height * a
            let (w, h): (Int, Int)
            switch (fit, wider) {
            case (.crop, true), (.pad, false): (w, h) = (height * a / b, height)
            case (.crop, false), (.pad, true): (w, h) = (width, width * b / a)
            }
            return placement(full, outputWidth: even(max(w, 2)), outputHeight: even(max(h, 2)), fit: fit)
        }
    }

    static func even(_ n: Int) -> Int { max(2, n & ~1) }

    /// The centred `w`×`h` part of the source, unscaled.
    static func cropped(width: Int, height: Int, to w: Int, _ h: Int) -> FramePlacement {
        let x = ((width - w) / 2) & ~1, y = ((height - h) / 2) & ~1
        return FramePlacement(outputWidth: w, outputHeight: h, source: PixelRect(x: x, y: y, width: w, height: h),
                              destination: PixelRect(x: 0, y: 0, width: w, height: h))
    }

    static func placement(_ full: PixelRect, outputWidth w: Int, outputHeight h: Int, fit: FitMode) -> FramePlacement {
        let sw = Double(full.width), sh = Double(full.height)
        switch fit {
        case .crop:
            // Scale so the source covers the output, then use the centred part that lands inside.
            let scale = max(Double(w) / sw, Double(h) / sh)
            let cw = min(full.width, even(Int((Double(w) / scale).rounded())))
            let ch = min(full.height, even(Int((Double(h) / scale).rounded())))
            if cw == w && ch == h { return cropped(width: full.width, height: full.height, to: w, h) }
            let x = ((full.width - cw) / 2) & ~1, y = ((full.height - ch) / 2) & ~1
            return FramePlacement(outputWidth: w, outputHeight: h, source: PixelRect(x: x, y: y, width: cw, height: ch),
                                  destination: PixelRect(x: 0, y: 0, width: w, height: h))
        case .pad:
            let scale = min(Double(w) / sw, Double(h) / sh)
            let dw = min(w, even(Int((sw * scale).rounded()))), dh = min(h, even(Int((sh * scale).rounded())))
            let source = PixelRect(x: 0, y: 0, width: full.width & ~1 == dw ? dw : full.width,
                                   height: full.height & ~1 == dh ? dh : full.height)
            return FramePlacement(outputWidth: w, outputHeight: h, source: source,
                                  destination: PixelRect(x: ((w - dw) / 2) & ~1, y: ((h - dh) / 2) & ~1, width: dw, height: dh))
        }
    }
}
