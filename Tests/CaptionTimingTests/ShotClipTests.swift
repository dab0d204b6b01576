import CaptionModel
import CaptionTestSupport
import CaptionTiming
import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The frame reader and the detector together on the shots test clip (`Benchmarks/shots-clip.sh`, made
/// once at 320x180): every cut at its exact frame, at most one false cut, never at a flash or in the
/// crossfade; the same through MPEG-4 decoded at reduced resolution, a late-starting stream and a
/// variable-rate one.
@Suite struct ShotClipTests {
    static let folder = Result { () throws -> String in try Tool.temporaryDirectory("shots") }
    static let clip = Result { () throws -> ShotTestClip in try ShotTestClip.make(size: "320x180", at: try folder.get() + "/clip.mp4") }

    static func detect(_ path: String) throws -> (cuts: [Int], frames: [Int], reader: ShotFrameReader) {
        let reader = try ShotFrameReader(path: path)
        var detector = ShotDetector()
        var numbers: [Int] = []
        try reader.read { picture in
            expectEqual(picture.luma.count, ShotFrameReader.width * ShotFrameReader.height)
            expectTrue(picture.u.count == picture.luma.count / 4 && picture.v.count == picture.luma.count / 4)
            numbers.append(picture.number)
            detector.add(ShotFrame(number: picture.number, width: picture.width, luma: picture.luma, u: picture.u, v: picture.v))
        }
        return (detector.finish(), numbers, reader)
    }

    static func expectScore(_ found: [Int], _ clip: ShotTestClip, shift: Int = 0, _ what: String) {
        let shifted = clip.shifted(by: shift)
        let (missed, extra) = shifted.score(found)
        expectTrue(missed.isEmpty, "\(what): missed \(missed) (found \(found))")
        expectTrue(extra.count <= 1, "\(what): false cuts \(extra)")
        expectTrue(!found.contains { shifted.notCuts.contains($0) }, "\(what): a flash or the crossfade reported in \(found)")
    }

    @Test func h264CutsAtTheirExactFrames() throws {
        let clip = try Self.clip.get()
        let (cuts, frames, reader) = try Self.detect(clip.path)
        expectEqual(reader.frameRate, FrameRate(numerator: 25, denominator: 1))
        expectEqual(frames, Array(0..<1000))
        expectEqual(reader.lowres, 0, "H.264 has no reduced-resolution decoding")
        Self.expectScore(cuts, clip, "H.264")
    }

    /// MPEG-4 part 2 decodes at half size (160x90 still leaves twice 64x36 to average): same cuts.
    @Test func mpeg4DecodesAtReducedResolution() throws {
        let clip = try Self.clip.get()
        let path = try Self.folder.get() + "/clip-mpeg4.avi"
        try Tool.run("ffmpeg", ["-i", clip.path, "-c:v", "mpeg4", "-q:v", "4", path])
        let (cuts, frames, reader) = try Self.detect(path)
        expectEqual(reader.lowres, 1)
        expectEqual(frames.count, 1000)
        Self.expectScore(cuts, clip, "MPEG-4 at lowres 1")
    }

    /// The video starts 2 s after the audio: frame numbers count from the player's time 0, so every cut
    /// is 50 frames later.
    @Test func aLateStreamCountsFromThePlayersTimeZero() throws {
        let clip = try Self.clip.get()
        let path = try Self.folder.get() + "/late.mkv"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-itsoffset", "2", "-i", clip.path,
                                "-map", "1:v", "-map", "0:a", "-t", "42", "-c:v", "copy", "-c:a", "aac", path])
        let (cuts, frames, _) = try Self.detect(path)
        expectEqual(frames.first, 50)
        Self.expectScore(cuts, clip, shift: 50, "late start")
    }

    /// One frame in ten dropped with its timestamp kept (variable frame rate): the frames keep their
    /// numbers, and the cuts (none on a dropped frame) too.
    @Test func aVariableRateStreamKeepsItsFrameNumbers() throws {
        let clip = try Self.clip.get()
        let path = try Self.folder.get() + "/vfr.mkv"
        try Tool.run("ffmpeg", ["-i", clip.path, "-vf", "select='not(eq(mod(n\\,10)\\,3))'", "-fps_mode", "passthrough",
                                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", path])
        let (cuts, frames, _) = try Self.detect(path)
        expectEqual(frames, (0..<1000).filter { $0 % 10 != 3 })
        Self.expectScore(cuts, clip, "variable rate")
    }

    /// Matroska stores 29.97 fps timestamps to the millisecond (frame 1 at 33 ms, before its exact
    /// 33.37): every frame keeps its number, and the cut its frame.
    @Test func ntscInMatroskaCountsEveryFrame() throws {
        let path = try Self.folder.get() + "/ntsc.mkv"
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=30000/1001:d=3", "-f", "lavfi", "-i", "mandelbrot=s=160x90:r=30000/1001",
                                "-filter_complex", "[1]trim=end_frame=40,setpts=PTS-STARTPTS[m];[0][m]concat=n=2:v=1:a=0",
                                "-c:v", "libx264", "-preset", "ultrafast", path])
        let (cuts, frames, reader) = try Self.detect(path)
        expectEqual(reader.frameRate, FrameRate(numerator: 30000, denominator: 1001))
        expectEqual(frames, Array(0..<130))
        expectEqual(cuts, [90])
    }

    /// A fade out to black and a fade in from it are no cut; a cut to a closer framing of the same moving
    /// picture (the same colours, the same things, larger) is one, at its frame.
    @Test func fadesAreNoCutButACloserShotIs() throws {
        let dir = try Self.folder.get()
        let fades = dir + "/fades.mp4", closer = dir + "/closer.mp4"
        try Tool.run("ffmpeg", ["-filter_complex", "testsrc2=s=320x180:r=25,trim=end_frame=60,fade=out:st=1.6:d=0.8,format=yuv420p[a];"
                                + "smptehdbars=s=320x180:r=25,trim=end_frame=60,fade=in:st=0:d=0.8,format=yuv420p,setsar=1[b];[a][b]concat=n=2:v=1:a=0[v]",
                                "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", fades])
        try Tool.run("ffmpeg", ["-filter_complex", "testsrc2=s=320x180:r=25,trim=end_frame=100,split[a][b];[a]trim=end_frame=50,setsar=1[a1];"
                                + "[b]trim=start_frame=50,setpts=PTS-STARTPTS,crop=iw/1.3:ih/1.3,scale=320:180,setsar=1[b1];[a1][b1]concat=n=2:v=1:a=0,format=yuv420p[v]",
                                "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", closer])
        expectTrue(try Self.detect(fades).cuts == [])
        expectTrue(try Self.detect(closer).cuts == [50])
    }

    @Test func filesThatAreNoVideoAreRefused() throws {
        let dir = try Self.folder.get()
        func code(_ path: String) -> Int32? {
            do { _ = try ShotFrameReader(path: path); return nil } catch { return error.exitCode }
        }
        expectEqual(code(dir + "/missing.mp4"), 66)
        try "1\n00:00:01,000 --> 00:00:02,000\nHello\n".write(toFile: dir + "/text.mp4", atomically: true, encoding: .utf8)
        expectEqual(code(dir + "/text.mp4"), 65)
        try Tool.run("ffmpeg", ["-f", "lavfi", "-i", "sine=d=1", dir + "/sound.wav"])
        expectEqual(code(dir + "/sound.wav"), 65)
        do { _ = try ShotFrameReader(path: dir + "/sound.wav") } catch { expectTrue(error.message.contains("no video stream")) }
    }
}
