@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The waveform against an independent one: ffmpeg's own decode and mono downmix of the same file
/// (`-ac 1 -f f32le`), bucketed by numpy (`i * 100 // rate`, `np.maximum.at`), every bucket within 1 %
/// (or 1e-4 where the sound is all but silent).
@Suite struct WaveformPeaksTests {
    static let reference = """
        import json, sys, numpy as np
        rate = int(sys.argv[2])
        x = np.fromfile(sys.argv[1], dtype='<f4')
        k = (np.arange(len(x), dtype=np.int64) * 100) // rate
        peaks = np.zeros(int(k[-1]) + 1, dtype=np.float64)
        np.maximum.at(peaks, k, np.abs(x).astype(np.float64))
        print(json.dumps(peaks.tolist()))
        """

    static func numpyPeaks(_ file: String, rate: Int, in dir: String) throws -> [Double] {
        let pcm = dir + "/mono.f32"
        try FFmpegTool.run(["-i", file, "-ac", "1", "-f", "f32le", pcm])
        let script = dir + "/peaks.py"
        try reference.write(toFile: script, atomically: true, encoding: .utf8)
        // numpy is a test peer, installed by `make test` (PYTHON_PEERS).
        let json = try FFmpegTool.run(["python3", script, pcm, String(rate)], tool: "env")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Double])
    }

    /// Stereo sound with a loud first second, a silent one, then quieter tones, each channel different.
    static let sound = "aevalsrc=0.8*sin(2*PI*440*t)*lt(t\\,1)+0.3*sin(2*PI*220*t)*gte(t\\,2)|0.2*sin(2*PI*660*t)*lt(t\\,1)"

    @Test(arguments: [("wav", 44_100), ("wav", 22_050), ("flac", 48_000), ("m4a", 48_000)])
    func peaksMatchNumpyOverFFmpegsDecode(container: String, rate: Int) throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/sound.\(container)"
        try FFmpegTool.run(["-f", "lavfi", "-i", Self.sound + ":s=\(rate):d=3.2"] + (container == "m4a" ? ["-c:a", "aac"] : []) + [file])
        let ours = try WaveformPeaks.read(file)
        let theirs = try Self.numpyPeaks(file, rate: rate, in: dir)
        expectEqual(ours.sampleRate, rate)
        // The encoder may pad the end by a frame: compare what both have.
        expectTrue(abs(ours.peaks.count - theirs.count) <= 3, "\(ours.peaks.count) buckets against \(theirs.count)")
        expectTrue(theirs.count >= 318)
        var worst = 0.0
        for (a, b) in zip(ours.peaks, theirs) {
            let error = abs(Double(a) - b)
            expectTrue(error <= max(0.01 * b, 1e-4), "bucket of \(b): \(a)")
            worst = max(worst, error)
        }
        // The sound's shape, measured: loud, silent, quiet.
        expectTrue(theirs[50] > 0.4 && theirs[150] < 1e-3 && theirs[250] > 0.1)
        print("[waveform \(container) \(rate) Hz] \(ours.peaks.count) buckets, worst difference \(worst)")
    }

    @Test func bucketsFollowTheRateExactlyAndOverlapsKeepTheLargerPeak() {
        var accumulator = WaveformPeaks.Accumulator(sampleRate: 22_050)
        // 22,050 Hz: buckets of 220 or 221 samples; bucket 1 starts at sample 221 (ceil(220.5)).
        expectEqual(WaveformPeaks.Accumulator.firstSample(of: 1, rate: 22_050), 221)
        expectEqual(WaveformPeaks.Accumulator.firstSample(of: 2, rate: 22_050), 441)
        var ramp = [Float](repeating: 0, count: 500)
        ramp[220] = 0.5
        ramp[221] = -0.7
        ramp.withUnsafeBufferPointer { accumulator.add($0, at: 0) }
        expectEqual(accumulator.peaks, [0.5, 0.7, 0])
        // A later run over the same samples: larger peaks win, smaller do not erase.
        [Float](repeating: 0.6, count: 10).withUnsafeBufferPointer { accumulator.add($0, at: 215) }
        expectEqual(accumulator.peaks, [0.6, 0.7, 0])
        // A gap: silence between.
        [Float](repeating: -0.25, count: 5).withUnsafeBufferPointer { accumulator.add($0, at: 2205) }
        expectTrue(accumulator.peaks.count == 11 && accumulator.peaks[3...9].allSatisfy { $0 == 0 } && accumulator.peaks[10] == 0.25)
    }

    @Test func progressComesEveryMinuteOfSoundAndAFileWithoutSoundIsRefused() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/long.wav"
        try FFmpegTool.run(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=8000:duration=150", file])
        var reports: [Int] = []
        let peaks = try WaveformPeaks.read(file, progressEvery: 6000) { reports.append($0.peaks.count) }
        expectEqual(peaks.peaks.count, 15_000)
        expectTrue(reports.count == 2 && reports.allSatisfy { $0 >= 6000 && $0 < 15_000 }, "\(reports)")
        let silent = dir + "/picture.mp4"
        try FFmpegTool.clip(silent, audio: false)
        #expect { try WaveformPeaks.read(silent) } throws: { "\($0)".contains("has no audio stream") }
    }
}
