import CaptionModel
import CaptionStyles
import CaptionVideo

/// The native renderer as a layer source for frames drawn forward in time (`burn`, `overlay`, and
/// `render` of a range; see `NativeCaptionLayers.forward`), and how to read its warnings afterwards.
/// Shared here so that no command reaches into another's code.
enum NativeLayerSource {
    static func forward(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int)
        -> (layers: CaptionLayerSource, warnings: () -> [String]) {
        let layers = NativeCaptionLayers.forward(style: style, pages: pages, width: width, height: height)
        return (layers, { layers.renderer.warnings })
    }
}
