import CaptionFormats
import CaptionLayout
import CaptionLibass
import CaptionModel
import CaptionRender
import CaptionVideo

/// An ASS or SSA input drawn as its own script says (no `--preset` or `--style`): the script, written
/// back losslessly, drawn by libass as players draw it (`LibassRenderer(playerWidth:height:)`), one
/// frame per video frame, cropped to what was drawn and blended like the native layers. The native
/// renderer does not draw ASS override tags, so libass draws them all.
public final class ASSScriptLayers: CaptionLayerSource {
    private let libass: LibassRenderer
    private let canvas: LayerCanvas

    /// `shaping`: libass's complex shaper as players draw, or its simple one as `ffmpeg -vf subtitles=` does.
    public init(document: CaptionDocument, width: Int, height: Int, shaping: TextShaping = .complex) throws {
        var options = WriteOptions()
        options.singleThreaded = true
        let script = ASSFormat.write(document, options: options).text
        do {
            libass = try LibassRenderer(playerWidth: width, height: height, shaping: shaping)
            try libass.load(assText: script)
        } catch { throw CaptionFormatError(.unreadable, "libass: \(error)") }
        canvas = LayerCanvas(width: width, height: height)
    }

    public func layer(at t: Milliseconds) throws(VideoError) -> CaptionLayer? {
        canvas.draw { libass.render(at: t, onto: &$0) }
    }

    /// The frame at `t`, unless libass says it draws what the frame it drew before did (`changed` false,
    /// no layer): PGS tracks draw only the frames that change.
    func changedLayer(at t: Milliseconds) -> (changed: Bool, layer: CaptionLayer?) {
        libass.renderFrame(at: t)
        guard libass.lastChange != 0 else { return (false, nil) }
        return (true, canvas.draw { libass.blendFrame(onto: &$0) })
    }

    /// The frame at `t` drawn onto `image` (render's single frames).
    public func draw(at t: Milliseconds, onto image: inout RGBAImage) {
        libass.render(at: t, onto: &image)
    }
}
