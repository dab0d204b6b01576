import CFFmpeg

/// RGB to Y'CbCr as the video is tagged: BT.709, BT.2020 or (untagged, and what swscale and players
/// assume then) BT.601; limited ("TV", 16-235) or full range. The caption's colours are converted
/// with the matrix the player will use to convert them back.
public struct ColorMatrix: Sendable, Equatable {
    public enum Standard: Sendable, Equatable { case bt601, bt709, bt2020 }
    public var standard: Standard
    public var fullRange: Bool

    public init(standard: Standard, fullRange: Bool) { self.standard = standard; self.fullRange = fullRange }

    init(colorspace: AVColorSpace, range: AVColorRange, format: AVPixelFormat) {
        switch colorspace {
        case AVCOL_SPC_BT709: standard = .bt709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: standard = .bt2020
        default: standard = .bt601
        }
        fullRange = range == AVCOL_RANGE_JPEG || PixelFormats.isFullRange(format)
    }

    private var kr: Double { switch standard { case .bt601: 0.299; case .bt709: 0.2126; case .bt2020: 0.2627 } }
    private var kb: Double { switch standard { case .bt601: 0.114; case .bt709: 0.0722; case .bt2020: 0.0593 } }

    /// Y', Cb, Cr of an 8-bit RGB colour, unrounded, in 8-bit code values.
    @inline(__always)
    public func yuv(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (y: Double, u: Double, v: Double) {
        let (kr, kb) = (kr, kb)
        let (rf, gf, bf) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
        let y = kr * rf + (1 - kr - kb) * gf + kb * bf
        let pb = (bf - y) / (2 * (1 - kb)), pr = (rf - y) / (2 * (1 - kr))
        return fullRange ? (255 * y, 128 + 255 * pb, 128 + 255 * pr) : (16 + 219 * y, 128 + 224 * pb, 128 + 224 * pr)
    }

    /// The inverse, rounded and clamped to 8 bits (tests and previews read frames back with it).
    public func rgb(_ y: UInt8, _ u: UInt8, _ v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let (kr, kb) = (kr, kb)
        let yf = fullRange ? Double(y) / 255 : (Double(y) - 16) / 219
        let pb = (Double(u) - 128) / (fullRange ? 255 : 224), pr = (Double(v) - 128) / (fullRange ? 255 : 224)
        let r = yf + 2 * (1 - kr) * pr, b = yf + 2 * (1 - kb) * pb
        let g = (yf - kr * r - kb * b) / (1 - kr - kb)
        func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
