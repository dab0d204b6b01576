import CaptionASS
import CaptionFormats
import CaptionModel
import CaptionRender
import CaptionExpectations
import Testing

/// Caption text from SRT, WebVTT or JSON that looks like ASS (`{\p1}` drawing mode, `{\fs500}`,
/// `{\pos(0,0)}`, a backslash before a tag) must stay text in the compiled ASS: libass draws it
/// exactly as the native renderer draws the text, pixel for pixel, and no block of the script holds it.
/// (A backslash right before N, n or h cannot be both: ASS has no escape for it, and the compiler writes
/// its look-alike ⧵; `ASSSyntax.escape`.)
@Suite struct ASSInjectionTests {
    static let captions = """
        WEBVTT

        00:00:01.000 --> 00:00:03.000
        {\\p1}m 0 0 l 100 0 100 100{\\p0} {\\fs500}BIG {x}

        00:00:03.000 --> 00:00:05.000
        <i>a{\\i0}</i> {\\an8}{\\pos(0,0)}top {\\r}back\\slash end\\
        """

    @Test(arguments: ["plain", "highlight-by-word", "one-word", "pop-in"])
    func tagsInCaptionTextAreDrawnAsText(preset: String) throws {
        let pages = try CaptionFileReader.read(DecodedText(Self.captions, sourceName: "injection.vtt"), path: "injection.vtt").document.events
        let f = try Fixture(preset: preset, pages: pages)
        let events = f.script.split(separator: "\n").filter { $0.hasPrefix("Dialogue:") }
        expectTrue(!events.isEmpty)
        for line in events {
            // The captions' own blocks never appear unescaped (the compiler writes `\{`).
            for tag in ["{\\p1}", "{\\fs500}", "{\\pos(0,0)}", "{\\r}", "{\\i0}", "{\\an8}"] {
                expectTrue(!line.contains(tag) || line.contains("\\" + tag), "\(preset): \(line)")
            }
        }
        // Something is drawn at both times, and libass draws exactly what the native renderer does.
        for t in [1500, 3500] {
            var image = RGBAImage(width: f.width, height: f.height)
            try f.native.render(f.pages, at: t, onto: &image)
            expectTrue(image.opaqueBounds != nil, "\(preset) at \(t) ms: nothing drawn")
        }
        let notIdentical = try f.notIdentical(at: [1500, 3500])
        expectTrue(notIdentical.isEmpty, "\(preset): \(notIdentical)")
    }
}
