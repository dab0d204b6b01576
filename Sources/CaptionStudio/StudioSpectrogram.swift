import CaptionRender
import CaptionTiming
import CaptionVideo
import Foundation

/// `GET /spectrogram?from=MS&to=MS&width=W&height=H`: a PNG of the video's sound from `from` to `to`,
/// `W` columns of time by `H` rows of frequency (0 Hz at the bottom, 8 kHz at the top: a voice's
/// range), each cell the loudest bin of its band, -90 dB (black) to full scale (pale yellow).
///
/// Made on demand for the window the page shows, never for the whole film: the sound is decoded from
/// a seek to the window (`AudioSamples.read(_:sampleRate:from:to:)`) at 16 kHz, so a window an hour
/// into a film costs what the window's own seconds cost.
enum StudioSpectrogram {
    static let sampleRate = 16_000
    static let maxFrequency = 8_000.0
    /// The longest window drawn at once (a page zoomed out further asks for less than the whole view).
    static let longestMilliseconds = 10 * 60_000
    static let widest = 4096, tallest = 1024

    /// The picture, or why not: 400 for a window or size out of range, 404 for a video without sound.
    static func png(video: String, from: Int, to: Int, width: Int, height: Int) throws(StudioError) -> Data {
        guard from >= 0, to > from, to - from <= longestMilliseconds else {
            throw .badRequest("spectrogram: give from and to in milliseconds, from >= 0, to after it, at most \(longestMilliseconds / 60_000) minutes apart (got \(from) to \(to))")
        }
        guard (1...widest).contains(width), (1...tallest).contains(height) else {
            throw .badRequest("spectrogram: width 1-\(widest) and height 1-\(tallest) pixels (got \(width)x\(height))")
        }
        // Half a frame either side: the edge columns' frames see the sound around the window.
        let margin = Spectrogram.frameSize / 2 * 1000 / sampleRate + 1
        let sound: AudioSamples
        do {
            sound = try AudioSamples.read(video, sampleRate: sampleRate, from: max(0, from - margin), to: to + margin)
        } catch {
            throw StudioError(error.isNoAudioStream ? 404 : 422, "spectrogram: \(error.message)")
        }
        let first = (from - max(0, from - margin)) * sampleRate / 1000
        let count = (to - from) * sampleRate / 1000
        let spectrogram = Spectrogram(samples: sound.samples, sampleRate: sampleRate, covering: first..<min(sound.samples.count, first + count),
                                      columns: width, rows: height, maxFrequency: maxFrequency)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for (i, level) in spectrogram.levels.enumerated() {
            let (r, g, b) = colour(level)
            pixels[4 * i] = r
            pixels[4 * i + 1] = g
            pixels[4 * i + 2] = b
        }
        do {
            return try PNGEncoding.encode(RGBAImage(width: width, height: height, pixels: pixels))
        } catch {
            throw StudioError(500, "spectrogram: \(error)")
        }
    }

    /// A level's colour: black, through purple and orange, to pale yellow (brighter is louder, and
    /// stays so in grey).
    static func colour(_ level: UInt8) -> (UInt8, UInt8, UInt8) {
        let stops: [(Float, Float, Float)] = [(0, 0, 4), (81, 18, 124), (183, 55, 121), (252, 137, 97), (252, 253, 191)]
        let t = Float(level) / 255 * Float(stops.count - 1)
        let k = min(Int(t), stops.count - 2), f = t - Float(k)
        let a = stops[k], b = stops[k + 1]
        func mix(_ x: Float, _ y: Float) -> UInt8 { UInt8((x + (y - x) * f).rounded()) }
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }
}
