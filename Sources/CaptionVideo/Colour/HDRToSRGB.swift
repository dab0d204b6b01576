import Foundation

/// HDR signal (HLG or PQ R'G'B', 0...1) back to 8-bit sRGB, taking HDR reference white (ITU-R BT.2408)
/// as SDR white: the inverse of `ColorMatrix.hdrSignal`, so a caption burned into HDR video reads back
/// as the colour its style gave. Brighter-than-reference-white video (highlights) clips to white, as an
/// SDR view of HDR video does without tone mapping.
struct HDRToSRGB {
    private let transfer: ColorMatrix.Transfer
    private let fromBT2020: Bool
    /// Signal (0...1 in 4096 steps) to linear light relative to reference white.
    private let light: [Float]
    /// Linear light (0...1 in 4096 steps, on a square-root scale for precision in the darks) to sRGB.
    private let encode: [UInt8]

    init(transfer: ColorMatrix.Transfer, standard: ColorMatrix.Standard) {
        self.transfer = transfer
        fromBT2020 = standard == .bt2020
        light = (0...4096).map { step in
            let e = Double(step) / 4096
            switch transfer {
            case .hlg: return Float(Self.hlgInverseOETF(e) / ColorMatrix.hlgReferenceWhite)
            case .pq: return Float(Self.pqEOTF(e) * 10000 / 203)
            case .sdr: return Float(e)
            }
        }
        encode = (0...4096).map { step in
            let root = Double(step) / 4096, l = root * root
            let s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (s * 255).rounded())))
        }
    }

    @inline(__always)
    private func linear(_ e: Float) -> Float {
        let x = max(0, min(1, e)) * 4096
        let i = min(Int(x), 4095), f = x - Float(i)
        return light[i] + (light[i + 1] - light[i]) * f
    }

    @inline(__always)
    private func byte(_ l: Float) -> UInt8 { encode[Int(max(0, min(1, l)).squareRoot() * 4096 + 0.5)] }

    /// One pixel's R'G'B' signal to sRGB bytes.
    @inline(__always)
    func srgb(_ r: Float, _ g: Float, _ b: Float) -> (UInt8, UInt8, UInt8) {
        let (lr, lg, lb) = (linear(r), linear(g), linear(b))
        guard fromBT2020 else { return (byte(lr), byte(lg), byte(lb)) }
        // BT.2020 to BT.709 primaries in linear light (the inverse of ITU-R BT.2087's matrix).
        return (byte(1.6605 * lr - 0.5876 * lg - 0.0728 * lb), byte(-0.1246 * lr + 1.1329 * lg - 0.0083 * lb),
                byte(-0.0182 * lr - 0.1006 * lg + 1.1187 * lb))
    }

    /// HLG's inverse OETF (ITU-R BT.2100): signal 0...1 to scene light 0...1.
    static func hlgInverseOETF(_ e: Double) -> Double {
        let (a, b, c) = ColorMatrix.hlgConstants
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// PQ's EOTF (SMPTE ST 2084): signal 0...1 to luminance / 10000 cd/m².
    static func pqEOTF(_ e: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(e, 1 / m2)
        return pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }
}
