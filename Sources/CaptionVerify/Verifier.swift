import CaptionASS
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// The native renderer against libass drawing the ASS the toolkit compiles for the same captions:
/// the WYSIWYG promise, checked frame by frame.
///
/// The native side is any `FrameSource` (the real renderer by default), so a test can hand in a
/// deliberately broken one and see the verification fail.
public struct Verifier {
    public let style: CaptionStyle
    public let width: Int
    public let height: Int
    public let native: any FrameSource
    public let reference: ASSReference

    /// One compared frame with both images, for reports.
    public struct Frame {
        public let result: FrameResult
        public let native: RGBAImage
        public let libass: RGBAImage
        /// Colour emoji boxes left out of the comparison (libass draws them in monochrome).
        public let excluded: [PixelRect]
    }

    /// Compiles the ASS and sets libass up. Throws `.unsupported` for a style the compiler does not
    /// reproduce yet (see `ASSSupport`), before compiling anything.
    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int,
                native: (any FrameSource)? = nil, engine: LayoutEngine = LayoutEngine()) throws(VerifyError) {
        let missing = ASSSupport.unsupportedFeatures(of: style)
        guard missing.isEmpty else { throw .unsupported(style: style.name, features: missing) }
        guard !pages.isEmpty else { throw .noCaptions }
        self.style = style
        self.width = width
        self.height = height
        self.native = native ?? NativeFrames(style: style, pages: pages, width: width, height: height, engine: engine)
        reference = try ASSReference(style: style, pages: pages, width: width, height: height, engine: engine)
    }

    public var script: String { reference.script }

    /// Both renderers at `time`, compared (libass's frame is the expected one: the gradient that
    /// forgives anti-aliasing comes from it, as in libass's own compare tool).
    public func frame(at time: Milliseconds) throws(VerifyError) -> Frame {
        let a: RGBAImage, b: RGBAImage
        do {
            a = try native.frame(at: time)
            b = try reference.frames.frame(at: time)
        } catch let error as VerifyError { throw error } catch { throw .render(time: time, reason: "\(error)") }
        // Colour emoji are the native renderer's alone: both frames are compared without their boxes.
        var excluded: [PixelRect] = []
        if let frames = native as? NativeFrames {
            do { excluded = try frames.renderer.colorEmojiBoxes(frames.pages, at: time) } catch { throw .render(time: time, reason: "\(error)") }
        }
        let (compared, reference) = excluded.isEmpty ? (a, b) : (a.clearing(excluded), b.clearing(excluded))
        do { return Frame(result: try FrameResult(time: time, actual: compared, expected: reference), native: a, libass: b, excluded: excluded) } catch {
            throw .render(time: time, reason: "native frame: \(error)")
        }
    }
}
