import CaptionLayout
import CaptionLibass
import CaptionModel
import CaptionStyles

/// The reference side of a verification: the compiled ASS drawn by libass (`LibassCompiledScript`,
/// the same set-up `burn --engine libass` draws with), as a frame source.
public struct ASSReference {
    private let compiled: LibassCompiledScript
    public var script: String { compiled.script }
    public var fontFiles: [String] { compiled.fontFiles }
    public let frames: LibassFrames

    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int,
                engine: LayoutEngine = LayoutEngine()) throws(VerifyError) {
        do {
            compiled = try LibassCompiledScript(style: style, pages: pages, width: width, height: height, engine: engine)
        } catch {
            switch error {
            case .noCaptions: throw .noCaptions
            case .fonts(let reason): throw .fonts(reason)
            case .libass(let reason): throw .libass(reason)
            }
        }
        frames = LibassFrames(renderer: compiled.renderer)
    }
}
