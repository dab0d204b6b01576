import CaptionModel
import CaptionRender
import CaptionVideo

/// An ASS or SSA script's own look as a PGS track (`convert -o .sup`, `mux --bitmap`): libass draws
/// every frame as a player would (`ASSScriptLayers`), and a frame becomes a look where libass says the
/// picture changed.
final class ASSScriptLooks: PGSLookDrawer, @unchecked Sendable {
    private let layers: ASSScriptLayers
    private let events: [CaptionEvent]
    private let index: PageIndex

    init(document: CaptionDocument, width: Int, height: Int) throws(VideoError) {
        do { layers = try ASSScriptLayers(document: document, width: width, height: height) }
        catch { throw VideoError(.unreadable, "\(error)") }
        events = document.events
        index = PageIndex(document.events)
    }

    /// The looks of a script, drawn by one libass on one thread, in frame order. With two libass
    /// instances drawing at once (each looking fonts up through fontconfig as it meets them), one full
    /// test run made a track whose every frame differed from the usual one (a frame 27 dB from `-vf ass`
    /// instead of 35); one drawer keeps the track the same from run to run.
    static func looks(_ document: CaptionDocument, width: Int, height: Int, frameRate: FrameRate) -> PGSCaptionLooks {
        PGSCaptionLooks(width: width, height: height, frameRate: frameRate, end: document.events.map(\.end).max() ?? 0,
                        threads: 1) { () throws(VideoError) in
            try ASSScriptLooks(document: document, width: width, height: height)
        }
    }

    func looks(_ frames: Range<Int>, at frameRate: FrameRate) -> Result<[PGSCaptionLooks.Look], VideoError> {
        var out: [PGSCaptionLooks.Look] = []
        for frame in frames {
            let t = frameRate.milliseconds(frames: frame)
            let drawn = layers.changedLayer(at: t)
            // The chunk's first frame always gives a look (libass compared it with this drawer's last
            // frame, which another chunk held); the track writer drops it if it repeats.
            guard drawn.changed || out.isEmpty else { continue }
            let layer: CaptionLayer?
            do { layer = drawn.changed ? drawn.layer : try layers.layer(at: t) } catch { return .failure(error) }
            let pages = layer == nil ? [] : index.shown(at: t, in: events)
            out.append(.init(frame: frame, pages: pages, image: layer?.image, x: layer?.x ?? 0, y: layer?.y ?? 0))
        }
        return .success(out)
    }
}
