import CaptionModel
import CaptionPipeline
import CaptionRender
import Foundation

/// An ASS or SSA script shown in its own look (`CaptionLook.ownScript`): libass draws it as players
/// do, exactly as `captions render` draws the script, at the video's displayed size. One libass
/// instance draws one frame at a time, so requests take turns.
public final class StudioScript: @unchecked Sendable {
    // Unchecked: `layers` is only used under `lock`.
    private let lock = NSLock()
    private let layers: ASSScriptLayers

    init(document: CaptionDocument, width: Int, height: Int) throws {
        layers = try ASSScriptLayers(document: document, width: width, height: height)
    }

    /// The script's frame at `t` drawn onto `image`.
    func draw(at t: Milliseconds, onto image: inout RGBAImage) {
        lock.withLock { layers.draw(at: t, onto: &image) }
    }
}
