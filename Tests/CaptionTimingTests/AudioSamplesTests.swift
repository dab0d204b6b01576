import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The decoded sound is on the player's clock: mono at the asked rate, sample 0 at the container's time 0.
@Suite struct AudioSamplesTests {
    /// The first sample louder than -30 dBFS, in milliseconds.
    func onset(_ audio: AudioSamples) -> Int? {
        audio.samples.firstIndex { abs($0) > 0.03 }.map { $0 * 1000 / audio.sampleRate }
    }

    @Test func aToneAfterOneSecondOfSilenceStartsAtOneSecondAtAnyRate() throws {
        let dir = try Tool.temporaryDirectory()
        let wav = dir + "/tone.wav"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "anullsrc=r=44100:cl=stereo:d=1", "-f", "lavfi", "-i", "sine=f=440:r=44100:d=0.5",
                                "-filter_complex", "[1]aformat=channel_layouts=stereo[t];[0][t]concat=n=2:v=0:a=1", wav])
        for rate in [16_000, 8_000, 48_000] {
            let audio = try AudioSamples.read(wav, sampleRate: rate)
            expectEqual(audio.sampleRate, rate)
            expectTrue(abs(audio.milliseconds - 1500) <= 5)
            let start = try #require(onset(audio))
            expectTrue(abs(start - 1000) <= 3, "rate \(rate): onset \(start) ms")
        }
    }

    @Test func audioThatStartsAfterTheVideoIsPrecededBySilence() throws {
        let dir = try Tool.temporaryDirectory()
        let wav = dir + "/tone.wav", mkv = dir + "/late.mkv"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "sine=f=440:r=48000:d=1", wav])
        // The video starts at 0, its AAC audio 0.75 s later.
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "color=c=black:s=64x64:r=25:d=2", "-itsoffset", "0.75", "-i", wav,
                                "-c:v", "libx264", "-c:a", "aac", mkv])
        let audio = try AudioSamples.read(mkv)
        let start = try #require(onset(audio))
        // AAC's priming samples are dropped by the decoder's skip: the tone starts within a few ms of 750.
        expectTrue(abs(start - 750) <= 25, "onset \(start) ms")
    }

    /// A stretch read from a seek (what the studio's spectrogram asks for) is the same stretch of the
    /// whole decode: a rising tone, so any sample misplaced would differ; before the sound's start and
    /// past its end, silence.
    @Test func aWindowReadFromASeekIsThatStretchOfTheWhole() throws {
        let dir = try Tool.temporaryDirectory()
        let mp4 = dir + "/long.mp4"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "color=c=black:s=64x64:r=25:d=60", "-f", "lavfi",
                                "-i", "aevalsrc=0.4*sin(2*PI*(300+10*t)*t):s=48000:d=60",
                                "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", mp4])
        let whole = try AudioSamples.read(mp4, sampleRate: 16_000)
        for (from, to) in [(41_250, 43_000), (0, 500), (900, 1_500), (1_200, 2_000), (59_500, 61_000)] {
            let window = try AudioSamples.read(mp4, sampleRate: 16_000, from: from, to: to)
            expectEqual(window.samples.count, (to - from) * 16)
            let first = from * 16
            let worst = window.samples.indices.map { i in
                abs(window.samples[i] - (first + i < whole.samples.count ? whole.samples[first + i] : 0))
            }.max() ?? 0
            expectTrue(worst < 1e-3, "\(from)-\(to) ms: \(worst)")
        }
        expectTrue(try AudioSamples.read(mp4, sampleRate: 16_000, from: 41_250, to: 43_000).samples.contains { abs($0) > 0.3 })
    }

    @Test func aFileWithoutSoundIsMalformedInputNamingIt() throws {
        let dir = try Tool.temporaryDirectory()
        let mkv = dir + "/silent.mkv"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "color=c=black:s=64x64:r=25:d=1", "-c:v", "libx264", mkv])
        do {
            _ = try AudioSamples.read(mkv)
            Issue.record("read a file with no audio")
        } catch {
            expectEqual(error.exitCode, 65)
            expectTrue(error.message.contains(mkv))
        }
    }
}
