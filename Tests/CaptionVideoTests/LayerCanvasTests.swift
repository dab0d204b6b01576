import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// The layer source that burn, overlay and a PGS track's looks draw with looks for the ink only where
/// the renderer says it drew (`InkArea`); its layers must be what a scan of the whole frame crops.
@Suite struct LayerCanvasTests {
    static let presets = (try? StyleLibrary.locate().names()) ?? []

    @Test func everyPresetIsChecked() {
        expectTrue(Self.presets.count >= 18, "\(Self.presets)")
    }

    /// Every 30 fps frame of the test captions' two pages, in every preset (scaled, boxed, shadowed,
    /// faded and moving words included), drawn as burn draws them and by the whole-frame scan.
    @Test(arguments: presets)
    func burnLayersCropAsTheWholeFrameScanDoes(preset: String) throws {
        let style = try TestCaptions.style(preset)
        let layers = NativeCaptionLayers.forward(style: style, pages: TestCaptions.pages, width: 360, height: 640)
        let renderer = CaptionFrameRenderer(style: style, width: 360, height: 640)
        let whole = LayerCanvas(width: 360, height: 640)
        var drawn = 0
        for frame in 0...63 {
            let t = FrameRate(numerator: 30, denominator: 1)!.milliseconds(frames: frame)
            let expected = try whole.draw { (image: inout RGBAImage) throws(FontError) in try renderer.render(TestCaptions.pages, at: t, onto: &image) }
            let layer = try layers.layer(at: t)
            if layer != nil { drawn += 1 }
            expectTrue(layer?.frame == expected?.frame && layer?.image == expected?.image,
                    "\(preset) at \(t) ms: \(String(describing: layer?.frame)) drawn, \(String(describing: expected?.frame)) by the whole scan")
        }
        // The pages show for 2 s, frames 0 to 59 (a fade may start from nothing): a test that drew
        // nothing would pass.
        expectTrue(drawn >= 55, "\(preset): \(drawn) frames with captions")
    }
}
