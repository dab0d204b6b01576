import ArgumentParser
import CaptionRender
import CaptionVideo
import Foundation

/// `captions compare A B`: grades two frames with libass's compare metric; each is a PNG or a frame of
/// a video (an overlay, a burn, HDR or not), read back to sRGB RGBA.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade two frames (PNGs, or frames of videos at --at) against each other with libass's compare metric.",
        discussion: """
        Prints the grade (SAME, GOOD, BAD or FAIL), the score (the largest pixel difference divided by \
        the local gradient of the expected image: 0 SAME, under 2 GOOD, under 4 BAD, otherwise FAIL), \
        the worst pixel, and the PSNR over the pixels that are not transparent in either image. \
        ACTUAL is graded against EXPECTED (the gradient comes from EXPECTED).

        Either may be a video instead of a PNG: its frame shown at --at is decoded with libavcodec and \
        read back to 8-bit sRGB RGBA as stored (rotation metadata is not applied). Overlays keep their \
        alpha (ProRes 4444, VP9 with alpha, QuickTime Animation); HLG and PQ video goes back through \
        linear light with HDR reference white as SDR white, so a caption burned into HDR video compares \
        with `captions render` of the same time. 16-bit PNGs (ffmpeg's frames of such videos) are read \
        as encoded. A video damaged inside (frames the decoder had to conceal, or could not decode, up \
        to --at) is compared as decoded, with one warning; --strict refuses it.

        Exit status: 0 when the grade is GOOD or better, 1 when it is BAD or FAIL, 64 when the images \
        differ in size or a video is given without --at, 65 when a video is damaged (inside only with \
        --strict), 66 when a file cannot be read.
        """
    )

    @Argument(help: "The frame to grade (a PNG, or a video with --at).")
    var actual: String

    @Argument(help: "The reference frame (a PNG, or a video with --at).")
    var expected: String

    @Option(help: "For a video: the time of its frame to compare (seconds or timestamp).")
    var at: TimeArgument?

    @Flag(help: "Refuse a video damaged inside (exit 65) instead of comparing its frame as decoded.")
    var strict = false

    @Flag(help: "Show the video decoder's own messages (a line per damaged macroblock) besides the one warning.")
    var verbose = false

    func run() throws {
        DamageReport.decoderMessages(verbose: verbose)
        let a = try frame(actual), e = try frame(expected)
        guard a.width == e.width, a.height == e.height else {
            CommandFailure.printError("captions: image sizes differ: \(actual) is \(a.width)x\(a.height), \(expected) is \(e.width)x\(e.height)")
            throw ExitCode(64)
        }
        let comparison: ImageComparison, psnr: Double
        do {
            comparison = try ImageComparison(actual: a, expected: e)
            psnr = try ImageComparison.psnr(actual: a, expected: e)
        } catch {
            CommandFailure.printError("captions: \(error)")
            throw ExitCode(64)
        }
        print("grade: \(comparison.grade.rawValue)")
        print("score: \(String(format: "%.3f", comparison.score))")
        print("worst pixel: \(comparison.worstPixel.map { "\($0)" } ?? "none")")
        print("differing pixels: \(comparison.differingPixels)")
        print("psnr: \(psnr.isFinite ? String(format: "%.2f dB", psnr) : "inf (identical where drawn)")")
        if comparison.grade > .good { throw ExitCode(1) }
    }

    /// A PNG (by its signature, whatever its name), or the frame of a video shown at `at`.
    func frame(_ path: String) throws -> RGBAImage {
        // An unreadable file goes to the PNG reader too, for its message and exit 66.
        if PNGFile.hasSignature(path) || !FileManager.default.isReadableFile(atPath: path) {
            do { return try PNGFile.read(path) } catch {
                CommandFailure.printError("captions: \(error)")
                throw ExitCode(66)
            }
        }
        guard let time = at else {
            CommandFailure.printError("captions: \(path) is not a PNG; to compare a frame of a video, give --at TIME")
            throw ExitCode(64)
        }
        return try CommandFailure.exitOnError {
            let decoded = try VideoStills.frames(path: path, at: [time.milliseconds])
            try DamageReport.refuse(decoded.damage, of: path, strict: strict, "not compared")
            DamageReport.warn(decoded.damage, of: path, "its frame is compared as decoded")
            return decoded.images[0]
        }
    }
}
