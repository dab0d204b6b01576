import CaptionModel
import Foundation

/// The frame-rate changes a caption file may be off by: every pair of the common rates, each as the
/// factor its times stretch by (captions made for `from` played at `to` stretch by from/to).
public struct FrameRateRatio: Sendable, Hashable, CustomStringConvertible {
    public var from: FrameRate
    public var to: FrameRate

    /// The exact factor, as a fraction for `TimeMap`.
    public var scale: RationalScale {
        RationalScale(numerator: from.numerator * to.denominator, denominator: from.denominator * to.numerator)
    }

    public var value: Double { Double(scale.numerator) / Double(scale.denominator) }

    public var isIdentity: Bool { scale.numerator == scale.denominator }

    public var description: String { isIdentity ? "unchanged" : "\(from) -> \(to) (x\(String(format: "%.6f", value)))" }

    static let identity = FrameRateRatio(from: FrameRate(numerator: 25, denominator: 1)!, to: FrameRate(numerator: 25, denominator: 1)!)

    /// 23.976, 24, 25, 29.97, 30: every ordered pair with a distinct factor (24 -> 23.976 and
    /// 30 -> 29.97 are the same 1.001), the identity first.
    static let common: [FrameRateRatio] = {
        let rates = [FrameRate(numerator: 24000, denominator: 1001)!, FrameRate(numerator: 24, denominator: 1)!,
                     FrameRate(numerator: 25, denominator: 1)!, FrameRate(numerator: 30000, denominator: 1001)!,
                     FrameRate(numerator: 30, denominator: 1)!]
        var ratios = [identity]
        var seen: Set<Double> = [1]
        for a in rates {
            for b in rates where a != b {
                let r = FrameRateRatio(from: a, to: b)
                let key = (r.value * 1e9).rounded()
                if seen.insert(key / 1e9).inserted { ratios.append(r) }
            }
        }
        return ratios
    }()
}
