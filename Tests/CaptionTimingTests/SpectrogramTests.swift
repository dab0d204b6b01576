import CaptionTiming
import Foundation
import CaptionExpectations
import Testing

/// The studio's spectrogram: a tone lights the row of its frequency, at the level of its loudness, in
/// the columns of its time; other rows stay dark.
@Suite struct SpectrogramTests {
    /// 1 s of a full-scale 1000 Hz sine, then 1 s of 3000 Hz at a tenth (-20 dB), at 16 kHz: both on a
    /// bin's centre (31.25 Hz apart), so each reads its own level exactly.
    @Test func aTonesRowIsItsFrequencyAndItsLevelItsLoudness() {
        let rate = 16_000
        let samples = (0..<2 * rate).map { i -> Float in
            let t = Double(i) / Double(rate)
            return Float(i < rate ? sin(2 * .pi * 1000 * t) : 0.1 * sin(2 * .pi * 3000 * t))
        }
        let (columns, rows) = (100, 64)
        let s = Spectrogram(samples: samples, sampleRate: rate, columns: columns, rows: rows, maxFrequency: 8000)
        expectTrue(s.columns == columns && s.rows == rows && s.levels.count == columns * rows)
        // Rows of 125 Hz from the top's 8 kHz: 1000-1125 Hz is row 55, 3000-3125 Hz row 39.
        func level(_ db: Float) -> Int { Int(((db + 90) / 90 * 255).rounded()) }
        // Not the first and last two columns, whose frames run past the sound's ends (an abrupt start
        // spreads over every band), nor those whose frames hold both tones.
        for x in 2..<(columns - 2) where x < 46 || x > 54 {
            let column = (0..<rows).map { Int(s.levels[$0 * columns + x]) }
            let loudest = column.indices.max { column[$0] < column[$1] }!
            let (row, db): (Int, Float) = x < 50 ? (55, 0) : (39, -20)
            expectEqual(loudest, row, "column \(x): loudest row \(loudest)")
            expectTrue(abs(column[row] - level(db)) <= 2, "column \(x): level \(column[row]), expected \(level(db))")
            // Two bands away and more, the window's side lobes: below -60 dB of full scale.
            for y in column.indices where abs(y - row) >= 3 {
                expectTrue(column[y] <= level(-60), "column \(x), row \(y): \(column[y])")
            }
        }
    }

    /// The columns cover only the stretch asked for; the samples around it give the edge columns' frames.
    @Test func theColumnsCoverTheStretchAskedFor() {
        let rate = 16_000
        // 0.5 s of silence, 1 s of 2000 Hz, 0.5 s of silence: the columns over the middle second are all tone.
        let samples = (0..<2 * rate).map { i -> Float in
            i >= rate / 2 && i < 3 * rate / 2 ? Float(sin(2 * .pi * 2000 * Double(i) / Double(rate))) : 0
        }
        let s = Spectrogram(samples: samples, sampleRate: rate, covering: rate / 2..<3 * rate / 2, columns: 40, rows: 32, maxFrequency: 8000)
        // 250 Hz rows: 2000-2250 Hz is row 23.
        for x in 1..<39 {
            let column = (0..<32).map { Int(s.levels[$0 * 40 + x]) }
            expectTrue(column.indices.max { column[$0] < column[$1] } == 23 && column[23] >= 250, "column \(x): \(column)")
        }
    }
}
