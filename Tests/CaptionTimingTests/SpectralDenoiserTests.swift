import CaptionExpectations
import CaptionTestSupport
@testable import CaptionTiming
import Foundation
import Testing

/// The noise filter the acoustic model hears through, on signals whose clean part is known: the noise
/// measured before and after, in decibels.
@Suite struct SpectralDenoiserTests {
    /// 3 s at 16 kHz: a vowel-like sound (a 150 Hz voice's first harmonics) from 1 s to 2 s, silent around it.
    static let clean: [Float] = (0..<48_000).map { i in
        guard (16_000..<32_000).contains(i) else { return 0 }
        let t = Double(i) / 16_000
        return Float((1...8).reduce(0) { $0 + sin(2 * Double.pi * 150 * Double($1) * t) / Double($1) } * 0.1)
    }

    static func power(_ x: ArraySlice<Float>) -> Double { x.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(x.count, 1)) }
    static func decibels(_ ratio: Double) -> Double { 10 * log10(ratio) }

    @Test func aRecordingWithoutNoiseComesThroughUnchanged() {
        let out = SpectralDenoiser.denoised(Self.clean[...])
        expectEqual(out.count, Self.clean.count)
        // Every sample, the first and last frames' too, is put back: the error is 40 dB under the signal.
        let error = zip(out, Self.clean).map { $0 - $1 }
        #expect(Self.decibels(Self.power(Self.clean[...]) / Self.power(error[...])) > 40)
    }

    @Test func steadyNoiseIsTakenOutAndTheSoundKept() {
        var random = SplitMix64(seed: 5)
        // White noise 5 dB under the sound: 2 s of the 3 are noise alone, the quiet stretch the filter learns from.
        let level = Float(sqrt(Self.power(Self.clean[16_000..<32_000]) / pow(10, 0.5) * 3))
        let noise = (0..<Self.clean.count).map { _ in Float.random(in: -1...1, using: &random) * level }
        let noisy = zip(Self.clean, noise).map { $0 + $1 }
        let out = SpectralDenoiser.denoised(noisy[...])
        expectEqual(out.count, noisy.count)
        // Where there is only noise, it drops by at least 20 dB (the floor allows 26).
        let before = Self.power(noisy[2_000..<14_000]), after = Self.power(out[2_000..<14_000])
        #expect(Self.decibels(before / after) > 20)
        // Under the sound, the error against the clean sound drops by at least 6 dB.
        let part = 18_000..<30_000
        let errorBefore = Self.power(zip(noisy[part], Self.clean[part]).map { $0 - $1 }[...])
        let errorAfter = Self.power(zip(out[part], Self.clean[part]).map { $0 - $1 }[...])
        #expect(Self.decibels(errorBefore / errorAfter) > 6)
    }
}
