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

    /// The factor in lowest terms: equal factors from different pairs compare equal.
    var reduced: RationalScale {
        var (a, b) = (scale.numerator, scale.denominator)
        while b != 0 { (a, b) = (b, a % b) }
        return RationalScale(numerator: scale.numerator / a, denominator: scale.denominator / a)
    }

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
        var seen: Set<RationalScale> = [identity.reduced]
        for a in rates {
            for b in rates where a != b {
                let r = FrameRateRatio(from: a, to: b)
                if seen.insert(r.reduced).inserted { ratios.append(r) }
            }
        }
        return ratios
    }()
}
