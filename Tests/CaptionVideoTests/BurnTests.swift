import CaptionModel
import CaptionRender
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Burns of generated clips, read back with ffprobe: frame count, duration within one frame, audio,
/// and the awkward inputs (odd sizes, no audio, rotation, trims, still images, audio only, PCM audio).
@Suite struct BurnTests {
    @Test func outputKeepsFramesDurationAndAudio() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/in.mp4", seconds: 2)
        let (_, stats) = try TestCaptions.burn(dir + "/in.mp4", to: dir + "/out.mp4")
        let probe = try FFmpegTool.probe(dir + "/out.mp4")
        expectEqual(probe["video"]?.frames, 60)
        expectTrue(abs((probe["video"]?.duration ?? 0) - 2) <= 1.0 / 30)
        expectTrue(probe["audio"] != nil)
        expectTrue(stats.frames == 60 && stats.captionedFrames == 60 && stats.audio == "copied")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func oddSizesLoseALastRowAndColumnAndNoAudioWorks() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/odd.mp4", size: "361x641", rate: 25, audio: false)
        let (burner, stats) = try TestCaptions.burn(dir + "/odd.mp4", to: dir + "/out.mp4")
        expectTrue(burner.width == 360 && burner.height == 640 && stats.audio == "none")
        let probe = try FFmpegTool.probe(dir + "/out.mp4")
        expectTrue(probe["video"]?.frames == 25 && probe["audio"] == nil)
    }

    @Test func pcmAudioInAContainerThatCannotHoldItIsReencoded() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/in.mov", extra: ["-c:a", "pcm_s16le"])
        let (_, stats) = try TestCaptions.burn(dir + "/in.mov", to: dir + "/out.mp4")
        expectEqual(stats.audio, "re-encoded (AAC)")
        let probe = try FFmpegTool.probe(dir + "/out.mp4")
        expectEqual(probe["video"]?.frames, 30)
        expectTrue(abs((probe["audio"]?.duration ?? 0) - 1) < 0.05)
    }

    @Test func trimKeepsTheCaptionsOnTheInputClock() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/in.mp4", seconds: 2)
        try TestCaptions.burn(dir + "/in.mp4", to: dir + "/out.mp4") {
            $0.start = 1000; $0.end = 1500; $0.encoder = EncoderSettings(crf: 0, preset: "ultrafast")
        }
        let probe = try FFmpegTool.probe(dir + "/out.mp4")
        expectEqual(probe["video"]?.frames, 15)
        expectTrue(abs((probe["video"]?.duration ?? 0) - 0.5) <= 1.0 / 30)
        // Output frame 0 is input frame 30 (1 s), with the second page drawn on it, not the first.
        expectTrue(try TestCaptions.burnedFramePSNR(dir + "/out.mp4", frame: 0, input: dir + "/in.mp4", sourceFrame: 30, at: 1000) >= 35)
    }

    @Test func rotationIsKeptAndCaptionsAreUprightAsDisplayed() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Coded 640x360, displayed 360x640 (a phone held upright).
        try FFmpegTool.clip(dir + "/plain.mp4", size: "640x360", audio: false)
        try FFmpegTool.run(["-i", dir + "/plain.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90", dir + "/in.mp4"])
        let (burner, _) = try TestCaptions.burn(dir + "/in.mp4", to: dir + "/out.mp4") { $0.encoder = EncoderSettings(crf: 0, preset: "ultrafast") }
        // ffmpeg's `rotate=90` tag means "turn 90° counterclockwise to display" in libavutil's matrix terms.
        expectTrue(burner.rotation == 270 && burner.width == 360 && burner.height == 640)
        let rotation = try FFmpegTool.run(["-show_entries", "stream_side_data=rotation", "-of", "csv=p=0", dir + "/out.mp4"], tool: "ffprobe")
        expectTrue(rotation.contains("-90") || rotation.contains("90"))
        // ffmpeg applies the rotation when decoding: the frames as displayed.
        expectTrue(try TestCaptions.burnedFramePSNR(dir + "/out.mp4", frame: 15, input: dir + "/in.mp4", sourceFrame: 15, at: 500) >= 35)
    }

    @Test func stillImagesAndAudioOnlyInputsBecomeVideos() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=size=400x300", "-frames:v", "1", dir + "/still.png"])
        try TestCaptions.burn(dir + "/still.png", to: dir + "/still.mp4") { $0.duration = 1500; $0.frameRate = 20 }
        expectTrue(try FFmpegTool.probe(dir + "/still.mp4")["video"]?.frames == 30)

        try FFmpegTool.run(["-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "1", "-c:a", "aac", dir + "/voice.m4a"])
        let (burner, stats) = try TestCaptions.burn(dir + "/voice.m4a", to: dir + "/voice.mp4") {
            $0.shape = .size(width: 360, height: 640)
            $0.background = .color(RGBAColor(red: 32, green: 48, blue: 64, alpha: 255))
        }
        expectTrue(burner.width == 360 && stats.audio == "copied")
        let probe = try FFmpegTool.probe(dir + "/voice.mp4")
        expectTrue(abs((probe["video"]?.duration ?? 0) - (probe["audio"]?.duration ?? -1)) <= 2.0 / 30)
        // The background is the colour asked for (a pixel far from the captions).
        let frame = try FFmpegTool.frames(dir + "/voice.mp4", width: 360, height: 640)[0].rgba(ColorMatrix(standard: .bt601, fullRange: false))
        let pixel = frame[10, 10]
        expectTrue(abs(Int(pixel.red) - 32) <= 2 && abs(Int(pixel.green) - 48) <= 2 && abs(Int(pixel.blue) - 64) <= 2)
    }

    @Test func damagedAndMissingInputsAndTheInputAsOutputFailClearly() throws {
        let dir = try TestCaptions.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FFmpegTool.clip(dir + "/in.mp4")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/in.mp4"))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.mp4"))
        #expect(throws: VideoError.self) { try TestCaptions.burn(dir + "/cut.mp4", to: dir + "/out.mp4") }
        do {
            try TestCaptions.burn(dir + "/cut.mp4", to: dir + "/out.mp4")
        } catch let error as VideoError {
            expectTrue(error.exitCode == 65 && error.message.hasPrefix(dir + "/cut.mp4"))
        }
        do {
            try TestCaptions.burn(dir + "/none.mp4", to: dir + "/out.mp4")
        } catch let error as VideoError {
            expectEqual(error.exitCode, 66)
        }
        do {
            try TestCaptions.burn(dir + "/in.mp4", to: dir + "/in.mp4")
            Issue.record("overwrote the input")
        } catch let error as VideoError {
            expectEqual(error.exitCode, 73)
        }
        expectTrue(try Data(contentsOf: URL(fileURLWithPath: dir + "/in.mp4")) == data)
        expectTrue(!FileManager.default.fileExists(atPath: dir + "/out.mp4"))
    }
}
