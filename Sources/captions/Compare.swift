import ArgumentParser
import CaptionRender
import Foundation

/// `captions compare A.png B.png`: grades two frames with libass's compare metric.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grade two PNG frames against each other with libass's compare metric.",
        discussion: """
        Prints the grade (SAME, GOOD, BAD or FAIL), the score (the largest pixel difference divided by \
        the local gradient of the expected image: 0 SAME, under 2 GOOD, under 4 BAD, otherwise FAIL), \
        the worst pixel, and the PSNR over the pixels that are not transparent in either image. \
        ACTUAL is graded against EXPECTED (the gradient comes from EXPECTED).

        Exit status: 0 when the grade is GOOD or better, 1 when it is BAD or FAIL, 64 when the images \
        differ in size, 66 when a file cannot be read.
        """
    )

    @Argument(help: "The frame to grade (a PNG).")
    var actual: String

    @Argument(help: "The reference frame (a PNG).")
    var expected: String

    func run() throws {
        let a: RGBAImage, e: RGBAImage
        do {
            a = try PNGFile.read(actual)
            e = try PNGFile.read(expected)
        } catch {
            CommandFailure.printError("captions: \(error)")
            throw ExitCode(66)
        }
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
}
