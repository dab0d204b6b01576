import CaptionRender
import Foundation
import CaptionExpectations
import Testing

/// An ASS script opened in the studio with no preset or style keeps its own look, as in every command:
/// the overlay is `captions render` of the script (libass, as players draw it), pixel for pixel, through
/// its placed, coloured, fading and moving events. Once the page picks a style, the style draws it.
@Suite struct StudioScriptLookTests {
    static let script = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 360
        PlayResY: 640
        WrapStyle: 0

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Sign,DejaVu Sans,30,&H0000FFFF,&H000000FF,&H00400000,&H80000000,-1,0,0,0,100,100,0,0,1,3,2,7,10,10,10,1
        Style: Default,DejaVu Sans,26,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,3,2,0,2,20,20,40,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.20,0:00:03.50,Sign,,0,0,0,,{\\pos(30,80)\\frz-8\\fad(300,300)}A sign, placed
        Dialogue: 0,0:00:00.50,0:00:03.00,Default,,0,0,0,,{\\move(60,560,300,560)\\c&H40C0FF&}Moving, boxed{\\i1} line

        """

    @Test func aScriptKeepsItsOwnLookUntilThePageRestylesIt() async throws {
        let dir = try StudioFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = try StudioFixtures.clip(in: dir)
        let path = dir.appendingPathComponent("typeset.ass").path
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        let studio = try StudioProcess([video, path])
        var drawn = 0
        // Fading in, moving, both shown, fading out, after.
        for t in ["0.35", "1", "2.2", "3.3", "3.8"] {
            let overlay = try await studio.overlay(t)
            let render = try StudioFixtures.render(path, at: t, size: "360x640", in: dir)
            expectEqual(overlay, render, "own look at \(t) s")
            if overlay != RGBAImage(width: 360, height: 640) { drawn += 1 }
        }
        expectTrue(drawn >= 4, "the script was drawn at most times")
        // The plan keys frames of a script by their time: two times inside the same events differ.
        let plan = try await studio.get("/overlay/plan", ["from": "1000", "frames": "3"]).json
        let keys = try #require(plan["keys"] as? [String])
        expectTrue(Set(keys).count == 3 && !keys.contains(""), "\(keys)")
        // A style from the page restyles it, as --preset does on the command line.
        let put = try await studio.put("/style", json: #"{"extends": "highlight-by-word"}"#)
        expectEqual(put.status, 200, "\(put.text)")
        let styled = try await studio.overlay("2.2")
        expectEqual(styled, (try StudioFixtures.render(path, at: "2.2", size: "360x640", ["--preset", "highlight-by-word"], in: dir)))
        expectTrue(styled != (try StudioFixtures.render(path, at: "2.2", size: "360x640", in: dir)))
        expectEqual(studio.stop(), 0)
    }
}
