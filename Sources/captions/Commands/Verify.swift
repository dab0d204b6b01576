import ArgumentParser
import CaptionASS
import CaptionFormats
import CaptionLibass
import CaptionModel
import CaptionPipeline
import CaptionRender
import CaptionStyles
import CaptionVerify
import CaptionVideo
import Foundation

/// `captions verify`: the native renderer against libass drawing the ASS the toolkit compiles
/// (`CaptionVerify.Verifier`); this command only chooses presets and times, prints and reports.
struct Verify: ParsableCommand, StyledInputCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render captions natively and through the compiled ASS with libass, and compare the frames.",
        discussion: """
        Prints one line per frame: time, grade (libass's compare scale: SAME, GOOD, BAD, FAIL), score, \
        PSNR over the caption area (where either frame is not transparent) and the worst pixel; then a \
        summary per preset and, with --all-presets, overall. Without --times or --step, each page's word \
        starts, word middles and the gaps between words are checked. libass gets exactly the font files \
        the native layout used.

        With --overlay, each frame of a caption overlay (`captions overlay`'s .mov or .webm, read back \
        with its alpha) is graded against the native render of the same time too, on its own line \
        marked (overlay); the size defaults to the overlay's.

        A preset the ASS compiler does not reproduce yet is reported as such and counts as a failure. \
        Exit status: 0 when every frame grades GOOD or better, 1 otherwise; 64 usage, 65 malformed \
        input, 66 missing input or fonts, 73 report cannot be written.
        """
    )

    @Argument(help: "The captions to verify (any format convert reads).")
    var input: String

    @Flag(name: .customLong("all-presets"), help: "Verify every preset in turn (with --style applied on top of each).")
    var allPresets = false

    @OptionGroup var frameTimes: FrameTimeOptions

    @Option(help: "Frame size, WIDTHxHEIGHT (default 1080x1920, or the overlay's).")
    var size: SizeArgument?

    @Option(help: "A caption overlay video made from the same captions and style: grade its frames against the native render too.")
    var overlay: String?

    @Option(help: "Write index.html, the ASS scripts and, per frame worse than GOOD, PRESET-MS-native.png, PRESET-MS-libass.png and PRESET-MS-diff.png into DIR.")
    var report: String?

    @OptionGroup var reading: InputOptions

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: PagingFlags.title)
    var paging: PagingFlags

    @Option(help: .secondaryCaptions)
    var secondary: String?

    func validate() throws {
        if allPresets && styleOptions.preset != nil { throw ValidationError("give --preset or --all-presets, not both") }
        if allPresets && overlay != nil { throw ValidationError("an overlay holds one preset: give --preset, not --all-presets") }
    }

    func run() throws {
        var passed = true
        try CommandFailure.exitOnError { passed = try verify() }
        if !passed { throw ExitCode(1) }
    }

    /// True when every frame of every preset passed.
    func verify() throws -> Bool {
        let source = try CaptionRead.input(input, format: reading.format, track: tracks.selection)
        let overlayGeometry = try overlay.map { path in try MediaProbe.geometry(of: path) }
        let size = self.size ?? overlayGeometry.map { SizeArgument(width: $0.width, height: $0.height) } ?? SizeArgument(width: 1080, height: 1920)
        if let overlay, let g = overlayGeometry, g.width != size.width || g.height != size.height {
            throw ValidationError("\(overlay) is \(g.width)x\(g.height), not \(size.width)x\(size.height): give its size with --size")
        }
        let library = try StyleLibrary.locate(explicit: styleOptions.stylesDir)
        let presets: [String?] = allPresets ? try library.names() : [styleOptions.preset]
        let frameReport = report.map {
            FrameReport(directory: $0, title: "captions verify \(input) (\(size.width)x\(size.height))", actualLabel: "native", expectedLabel: "libass")
        }
        var all: [FrameResult] = [], failedPresets: [String] = [], unsupported: [String] = []
        for preset in presets {
            let chosen = try library.style(preset: preset, styleFile: styleOptions.style)
            let name = preset ?? chosen.name
            let prepared = source.drawn(in: chosen, overrides: paging.overrides, secondary: try secondaryEvents(for: chosen))
            let (pages, style) = (prepared.pages, prepared.style)
            guard !pages.isEmpty else { throw CaptionFormatError(.malformed, "\(input): no captions to verify") }
            let missing = ASSSupport.unsupportedFeatures(of: style)
            guard missing.isEmpty else {
                let line = "preset \(name): not verified: the ASS compiler does not support \(missing.joined(separator: ", ")) yet (counts as a failure)"
                print(line)
                frameReport?.note(line)
                unsupported.append(name)
                continue
            }
            let verifier = try Verifier(style: style, pages: pages, width: size.width, height: size.height)
            print("preset \(name): libass \(LibassRenderer.version), \(size.width)x\(size.height), "
                  + "\(verifier.reference.frames.renderer.eventCount) ASS events, fonts: "
                  + verifier.reference.fontFiles.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))
            try frameReport?.attach("\(name).ass", text: verifier.script)
            var results: [FrameResult] = [], overlayResults: [FrameResult] = []
            let times = frameTimes.times(for: pages)
            let overlayFrames = try overlay.map { path in
                let decoded = try VideoStills.frames(path: path, at: times)
                DamageReport.warn(decoded.damage, of: path, "its frames are graded as decoded", hasStrict: false)
                return decoded.images
            }
            for (i, t) in times.enumerated() {
                let frame = try verifier.frame(at: t)
                let emoji = frame.excluded.isEmpty ? "" : "  (\(frame.excluded.count) colour emoji \(frame.excluded.count == 1 ? "box" : "boxes") excluded: libass draws them in monochrome)"
                print(FrameLine.text(frame.result) + emoji)
                try frameReport?.add(frame.result, group: name, actual: frame.native, expected: frame.libass)
                results.append(frame.result)
                if let overlayFrames {
                    let result = try FrameResult(time: t, actual: overlayFrames[i], expected: frame.native)
                    print(FrameLine.text(result) + "  (overlay)")
                    try frameReport?.add(result, group: "\(name) overlay", actual: overlayFrames[i], expected: frame.native)
                    overlayResults.append(result)
                }
            }
            print("summary \(name): " + FrameLine.summary(results))
            if overlay != nil { print("summary \(name) overlay: " + FrameLine.summary(overlayResults)) }
            if (results + overlayResults).contains(where: { !$0.passed }) { failedPresets.append(name) }
            all += results
            if let native = verifier.native as? NativeFrames {
                for warning in native.warnings { CommandFailure.printError("captions: warning: \(warning)") }
            }
        }
        if presets.count > 1 {
            let ok = presets.count - failedPresets.count - unsupported.count
            print("overall: \(presets.count) presets: \(ok) passed, \(failedPresets.count) failed"
                  + (failedPresets.isEmpty ? "" : " (\(failedPresets.joined(separator: ", ")))")
                  + ", \(unsupported.count) not compiled to ASS yet" + (unsupported.isEmpty ? "" : " (\(unsupported.joined(separator: ", ")))")
                  + "; " + FrameLine.summary(all))
        }
        if let frameReport { print("report: \(try frameReport.writeIndex())") }
        return failedPresets.isEmpty && unsupported.isEmpty
    }
}
