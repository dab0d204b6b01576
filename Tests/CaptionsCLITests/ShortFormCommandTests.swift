import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// The short-form looks through the command line: `--secondary` on convert, render and verify with
/// its exit codes, speaker style rows in the ASS, and the colour emoji warning and report line.
@Suite struct ShortFormCommandTests {
    let corpus = CommandRunner.packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path
    let spanish = CommandRunner.packageRoot.appendingPathComponent("Corpus/samples/whisperx-es.srt").path
    let emoji = CommandRunner.packageRoot.appendingPathComponent("Corpus/golden/inputs/emoji.srt").path

    @Test func secondaryCaptionsGetTheirOwnStyleRowAndBlock() throws {
        let r = try CommandRunner.run(["convert", corpus, "--to", "ass", "--preset", "bilingual", "--secondary", spanish, "--size", "540x960"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("\nStyle: Secondary,") && r.stdout.contains(",Secondary,,") && withoutFillers(r.stdout).contains("probando"))
        let verify = try CommandRunner.run(["verify", corpus, "--preset", "bilingual", "--secondary", spanish, "--size", "360x640", "--times", "0.5,3.3"])
        expectTrue(verify.status == 0 && verify.stdout.contains("summary bilingual: 2 frames: 2 SAME"), "\(verify.stdout)\(verify.stderr)")
        // A missing secondary file is missing input; --secondary without a style has nothing to show.
        let dir = try CommandRunner.scratch()
        let missing = try CommandRunner.run(["render", corpus, "--at", "1", "--secondary", dir.appendingPathComponent("nope.srt").path,
                                             "-o", dir.appendingPathComponent("x.png").path])
        expectTrue(missing.status == 66 && missing.stderr.contains("nope.srt"), "\(missing.stderr)")
        expectTrue(try CommandRunner.run(["convert", corpus, "--to", "srt", "--secondary", spanish]).status == 64)
        expectTrue(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }

    @Test func speakersGetStyleRowsNamedAfterThem() throws {
        let r = try CommandRunner.run(["convert", corpus, "--to", "ass", "--preset", "speaker-colors", "--size", "540x960"])
        expectEqual(r.status, 0, "\(r.stderr)")
        expectTrue(r.stdout.contains("\nStyle: SPEAKER_01,") && r.stdout.contains(",SPEAKER_01,,"))
    }

    @Test func colourEmojiAreExcludedFromVerifyAndWarnedAboutInTheASS() throws {
        let ass = try CommandRunner.run(["convert", emoji, "--to", "ass", "--preset", "plain", "--size", "540x960"])
        expectTrue(ass.status == 0 && ass.stderr.contains("libass cannot draw colour emoji"), "\(ass.stderr)")
        let verify = try CommandRunner.run(["verify", emoji, "--preset", "plain", "--size", "540x960", "--times", "1"])
        expectTrue(verify.status == 0 && verify.stdout.contains("2 colour emoji boxes excluded"), "\(verify.stdout)")
    }
}
