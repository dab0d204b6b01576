import CaptionLayout
import CaptionModel
import CaptionVideo

/// What draws a command's captions: the native renderer in a style, or libass as an ASS or SSA
/// script says (`CaptionInput.look`). Every drawing command (`render`, `burn`, `overlay`, PGS output)
/// asks the look for its frames, so none decides it for itself.
public enum CaptionLook: Sendable {
    case styled(DrawnCaptions)
    /// A user's script, written back losslessly and drawn by libass.
    case ownScript(CaptionDocument)

    /// The captions shown: the prepared pages, or the script's events.
    public var events: [CaptionEvent] {
        switch self {
        case .styled(let drawn): drawn.pages
        case .ownScript(let document): document.events
        }
    }

    /// Which renderer draws a styled look's frames (`burn --engine`).
    public enum Engine: String, Sendable, CaseIterable {
        case native, libass
    }

    /// The layer source for frames drawn forward in time at WIDTHxHEIGHT (`burn`, `overlay`, `render`
    /// of a range), and how to read its warnings afterwards. `warn` hears what is known before drawing
    /// (colour emoji libass cannot draw). `shaping` is which of libass's shapers to draw as
    /// (`TextShaping`); the libass engine draws the compiled ASS as players do, always the complex one.
    public func layers(width: Int, height: Int, engine: Engine = .native, shaping: TextShaping = .complex, warn: (String) -> Void)
        throws -> (layers: CaptionLayerSource, warnings: () -> [String]) {
        switch (self, engine) {
        case (.ownScript(let document), _):
            return (try ASSScriptLayers(document: document, width: width, height: height, shaping: shaping), { [] })
        case (.styled(let drawn), .native):
            let layers = NativeCaptionLayers.forward(style: drawn.style, pages: drawn.pages, width: width, height: height, shaping: shaping)
            return (layers, { layers.renderer.warnings })
        case (.styled(let drawn), .libass):
            if let warning = ColorEmojiWarning.message(drawn.pages, style: drawn.style) { warn(warning) }
            return (try LibassCaptionLayers(style: drawn.style, pages: drawn.pages, width: width, height: height, engine: LayoutEngine()), { [] })
        }
    }
}
