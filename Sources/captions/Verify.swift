import ArgumentParser
import CaptionASS
import CaptionFormats
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVerify
import Foundation

/// `captions verify`: the native renderer against libass drawing the ASS the toolkit compiles.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render captions natively and through the compiled ASS with libass, and compare the frames.",
        discussion: """
        Prints one line per frame: time, grade (libass's compare scale: SAME, GOOD, BAD, FAIL), PSNR \
        over the caption area (where either frame is not transparent) and the worst pixel, then a \
        summary. Exits 1 when any frame grades worse than GOOD. Without --times or --every, each \
        page's word middles are checked. libass gets exactly the font files the native layout used.
        """
    )

    @Argument(help: "The captions to verify (any format convert reads).")
    var input: String

    @Option(help: "Times to check, comma-separated seconds or timestamps (0.35,1.6,3.2).")
    var times: String?

    @Option(help: "Check every MS milliseconds over the captions.")
    var every: Int?

    @Option(help: "Frame size, WIDTHxHEIGHT.")
    var size = SizeArgument(width: 1080, height: 1920)

    @Option(help: "Write each frame worse than GOOD as TIME-native.png, TIME-libass.png, TIME-diff.png and the script as captions.ass into DIR (no index.html yet).")
    var report: String?

    @OptionGroup var captions: StyledInputOptions

    func validate() throws {
        if times != nil && every != nil { throw ValidationError("give --times or --every, not both") }
        if let every, every <= 0 { throw ValidationError("--every must be positive") }
        if let times, parsedTimes(times) == nil { throw ValidationError("--times: expected comma-separated times, got '\(times)'") }
    }

    func parsedTimes(_ text: String) -> [Milliseconds]? {
        let parts = text.split(separator: ",").map { TimeArgument(argument: $0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, !parts.contains(where: { $0 == nil }) else { return nil }
        return parts.map { $0!.milliseconds }
    }

    func run() throws {
        var worst = ComparisonGrade.same
        try CommandFailure.exitOnError {
            let (style, document) = try captions.load(input)
            let pages = document.events
            guard !pages.isEmpty else { throw CaptionFormatError(.malformed, "\(input): no captions to verify") }

            let engine = LayoutEngine()
            let native = CaptionFrameRenderer(style: style, width: size.width, height: size.height, engine: engine)
            let compiler = ASSCompiler(style: style, width: size.width, height: size.height, engine: engine)
            let script: String
            var fonts: [String] = []
            do {
                script = try compiler.script(for: pages)
                for page in pages {
                    for path in try compiler.layout(of: page).glyphs.map(\.face.path) where !fonts.contains(path) { fonts.append(path) }
                }
            } catch { throw CaptionFormatError(.unreadable, "\(error)") }
            let primary = try? compiler.layout(of: pages[0]).face.path
            guard let defaultFont = primary ?? fonts.first else { throw CaptionFormatError(.unreadable, "no font was resolved") }
            if !fonts.contains(defaultFont) { fonts.insert(defaultFont, at: 0) }

            let libass: LibassRenderer
            do {
                libass = try LibassRenderer(fontFiles: fonts, defaultFamily: style.fontFamily, defaultFont: defaultFont,
                                            width: size.width, height: size.height)
                try libass.load(assText: script)
            } catch { throw CaptionFormatError(.unreadable, "libass: \(error)") }

            print("libass \(LibassRenderer.version), preset \(style.name), \(size.width)x\(size.height), \(libass.eventCount) ASS events, fonts: "
                  + fonts.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))
            var psnrs: [Double] = []
            var counts: [ComparisonGrade: Int] = [:]
            for t in frameTimes(pages) {
                var a = RGBAImage(width: size.width, height: size.height)
                var b = RGBAImage(width: size.width, height: size.height)
                do { try native.render(pages, at: t, onto: &a) } catch { throw CaptionFormatError(.unreadable, "\(error)") }
                libass.render(at: t, onto: &b)
                let match: FrameMatch
                do { match = try FrameMatch(native: a, libass: b) } catch { throw CaptionFormatError(.unreadable, "\(error)") }
                var grade = match.comparison.grade
                // Something on one side only is never a match, whatever the metric says.
                if match.nativeDrewSomething != match.libassDrewSomething { grade = .fail }
                worst = max(worst, grade)
                if let report, grade > .good { try write(report: report, time: t, native: a, libass: b, script: script) }
                counts[grade, default: 0] += 1
                if match.psnr.isFinite { psnrs.append(match.psnr) }
                let psnr = match.psnr.isFinite ? String(format: "%6.2f dB", match.psnr) : "   inf dB"
                let drawn = match.nativeDrewSomething || match.libassDrewSomething ? "" : "  (nothing drawn)"
                let grade4 = grade.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
                print(String(format: "%9.3f s  ", Double(t) / 1000) + grade4 + String(format: "  score %6.2f  PSNR ", match.comparison.score)
                      + psnr + "  worst " + (match.comparison.worstPixel.map { "\($0)" } ?? "-") + drawn)
            }
            let summary = ComparisonGrade.allCases.compactMap { g in counts[g].map { "\($0) \(g.rawValue)" } }.joined(separator: ", ")
            let mean = psnrs.isEmpty ? "-" : String(format: "%.2f dB", psnrs.reduce(0, +) / Double(psnrs.count))
            let low = psnrs.min().map { String(format: "%.2f dB", $0) } ?? "-"
            print("summary: \(counts.values.reduce(0, +)) frames: \(summary); PSNR mean \(mean), lowest \(low); worst grade \(worst.rawValue)")
            for warning in native.warnings { CommandFailure.printError("captions: warning: \(warning)") }
        }
        if worst > .good { throw ExitCode(1) }
    }

    func write(report folder: String, time t: Milliseconds, native: RGBAImage, libass: RGBAImage, script: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try script.write(toFile: folder + "/captions.ass", atomically: true, encoding: .utf8)
            try PNGFile.write(native, to: folder + "/\(t)-native.png")
            try PNGFile.write(libass, to: folder + "/\(t)-libass.png")
            try PNGFile.write(ImageComparison.heatMap(actual: native, expected: libass), to: folder + "/\(t)-diff.png")
        } catch { throw CaptionFormatError(.cannotWrite, "\(folder): \(error)") }
    }

    /// The times to check: --times, --every over the captions, or every word's middle.
    func frameTimes(_ pages: [CaptionEvent]) -> [Milliseconds] {
        if let times, let parsed = parsedTimes(times) { return parsed }
        let start = pages.map(\.start).min()!, end = pages.map(\.end).max()!
        if let every { return Array(stride(from: start, to: end, by: every)) }
        return pages.flatMap { page in WordTimeline.words(of: page).map { ($0.start + $0.end) / 2 } }
    }
}
