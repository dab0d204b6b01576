import CFFmpeg
import Foundation

/// RGB to Y'CbCr as the video is tagged: BT.709, BT.2020 or (untagged, and what swscale and players
/// assume then) BT.601; limited ("TV", 16-235) or full range. The caption's colours are converted
/// with the matrix the player will use to convert them back.
///
/// For HDR video (HLG or PQ transfer) a caption colour is an SDR graphics colour: it goes through linear
/// light, from BT.709 to BT.2020 primaries, with SDR white placed at HDR reference white (ITU-R BT.2408:
/// 203 cd/m², which is 75 % of the HLG signal and 58 % of the PQ signal), and out through the video's
/// transfer function; it is then blended in the video's signal, as a compositor of graphics onto HDR
/// video does. Without this, white captions would land at the HDR peak and colours would shift.
public struct ColorMatrix: Sendable, Equatable {
    public enum Standard: Sendable, Equatable { case bt601, bt709, bt2020 }
    /// The video's transfer: SDR (BT.709/601 gamma, sRGB values used as they are), HLG or PQ.
    public enum Transfer: Sendable, Equatable { case sdr, hlg, pq }
    public var standard: Standard
    public var fullRange: Bool
    public var transfer: Transfer

    public init(standard: Standard, fullRange: Bool, transfer: Transfer = .sdr) {
        self.standard = standard; self.fullRange = fullRange; self.transfer = transfer
    }

    init(colorspace: AVColorSpace, range: AVColorRange, format: AVPixelFormat, transfer trc: AVColorTransferCharacteristic = AVCOL_TRC_UNSPECIFIED) {
        switch trc {
        case AVCOL_TRC_ARIB_STD_B67: transfer = .hlg
        case AVCOL_TRC_SMPTE2084: transfer = .pq
        default: transfer = .sdr
        }
        switch colorspace {
        case AVCOL_SPC_BT709: standard = .bt709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: standard = .bt2020
        default: standard = .bt601
        }
        fullRange = range == AVCOL_RANGE_JPEG || PixelFormats.isFullRange(format)
    }

    /// The matrix's red and blue luma weights (readers that build tables from them: `VideoStills`).
    var kr: Double { switch standard { case .bt601: 0.299; case .bt709: 0.2126; case .bt2020: 0.2627 } }
    var kb: Double { switch standard { case .bt601: 0.114; case .bt709: 0.0722; case .bt2020: 0.0593 } }

    /// Y', Cb, Cr of an 8-bit RGB colour, unrounded, in 8-bit code values.
    @inline(__always)
    public func yuv(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (y: Double, u: Double, v: Double) {
        let (kr, kb) = (kr, kb)
        let (rf, gf, bf) = transfer == .sdr ? (Double(r) / 255, Double(g) / 255, Double(b) / 255) : hdrSignal(r, g, b)
        let y = kr * rf + (1 - kr - kb) * gf + kb * bf
        let pb = (bf - y) / (2 * (1 - kb)), pr = (rf - y) / (2 * (1 - kr))
        return fullRange ? (255 * y, 128 + 255 * pb, 128 + 255 * pr) : (16 + 219 * y, 128 + 224 * pb, 128 + 224 * pr)
    }

    /// An sRGB colour as the HDR signal R'G'B' (0...1) of BT.2020 primaries, SDR white at reference white.
    func hdrSignal(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
        func linear(_ c: UInt8) -> Double {
            let x = Double(c) / 255
            return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        // BT.709 to BT.2020 primaries in linear light (ITU-R BT.2087).
        let rgb2020 = (0.6274 * lr + 0.3293 * lg + 0.0433 * lb, 0.0691 * lr + 0.9195 * lg + 0.0114 * lb,
                       0.0164 * lr + 0.0880 * lg + 0.8956 * lb)
        func encode(_ c: Double) -> Double {
            switch transfer {
            case .hlg: Self.hlgOETF(max(0, c) * Self.hlgReferenceWhite)
            case .pq: Self.pqInverseEOTF(max(0, c) * 203 / 10000)
            case .sdr: c
            }
        }
        return (encode(rgb2020.0), encode(rgb2020.1), encode(rgb2020.2))
    }

    /// HLG's OETF (ITU-R BT.2100): scene light 0...1 to signal 0...1.
    static func hlgOETF(_ e: Double) -> Double {
        let (a, b, c) = hlgConstants
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    /// HLG's a, b and c (ITU-R BT.2100).
    static let hlgConstants: (a: Double, b: Double, c: Double) = (0.17883277, 1 - 4 * 0.17883277, 0.5 - 0.17883277 * log(4 * 0.17883277))

    /// The scene light whose HLG signal is 75 %: BT.2408's reference (graphics) white.
    static let hlgReferenceWhite: Double = {
        let (a, b, c) = hlgConstants
        return (exp((0.75 - c) / a) + b) / 12
    }()

    /// PQ's inverse EOTF (SMPTE ST 2084): luminance / 10000 cd/m² to signal 0...1.
    static func pqInverseEOTF(_ y: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(y, m1)
        return pow((c1 + c2 * p) / (1 + c3 * p), m2)
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
