import Foundation
import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles

/// The captions' look on every frame of a video, as the native renderer draws it (`burn`, `render`),
/// or as another `PGSLookDrawer` draws it (libass, for an ASS script's own look), reported only on the
/// frames where it changes: the display sets a PGS track needs.
///
/// A frame's pixels follow from its `FrameState` (which pages show and each one's scene), so the native
/// renderer draws a frame only when its state differs from the previous frame's.
public struct PGSCaptionLooks: Sendable {
    /// One change: from `frame` on, `pages` show, drawn as `image` at `x`, `y` (nil: nothing shows).
    public struct Look: Sendable {
        public var frame: Int
        public var pages: [Int]
        public var image: RGBAImage?
        public var x: Int
        public var y: Int

        public init(frame: Int, pages: [Int], image: RGBAImage?, x: Int, y: Int) {
            self.frame = frame; self.pages = pages; self.image = image; self.x = x; self.y = y
        }
    }

    public let width: Int
    public let height: Int
    public let frameRate: FrameRate
    /// When the last caption ends.
    public let end: Milliseconds
    /// One drawing thread's drawer (each thread has its own).
    private let makeDrawer: @Sendable () throws(VideoError) -> any PGSLookDrawer
    /// How many threads draw.
    private let threads: Int
    /// Frames a drawing thread takes at a time.
    static let chunkFrames = 24

    /// `pages` in `style`, drawn by the native renderer.
    public init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int, frameRate: FrameRate) {
        self.width = width; self.height = height
        self.frameRate = frameRate
        end = pages.map(\.end).max() ?? 0
        makeDrawer = { Worker(style: style, pages: pages, width: width, height: height) }
        threads = 2
    }

    /// Captions ending at `end`, drawn by `threads` drawers that `makeDrawer` makes (at the same size
    /// and rate).
    public init(width: Int, height: Int, frameRate: FrameRate, end: Milliseconds, threads: Int = 2,
                makeDrawer: @escaping @Sendable () throws(VideoError) -> any PGSLookDrawer) {
        self.width = width; self.height = height
        self.frameRate = frameRate
        self.end = end
        self.threads = max(threads, 1)
        self.makeDrawer = makeDrawer
    }

    /// The frames to look at: up to the first that starts at or after the last page's end (where the
    /// captions clear).
    public var frameCount: Int {
        guard end > 0 else { return 0 }
        var last = frameRate.frame(containing: end)
        if frameRate.milliseconds(frames: last) < end { last += 1 }
        return last + 1
    }

    /// One drawing thread's native renderer (drawing forward in time, as burn does), canvas and page index.
    final class Worker: PGSLookDrawer, @unchecked Sendable {
        let pages: [CaptionEvent]
        let renderer: CaptionFrameRenderer
        let canvas: LayerCanvas
        let index: PageIndex
        /// Where the renderer drew, so that the canvas looks for the ink only there.
        let ink = InkArea()

        init(style: CaptionStyle, pages: [CaptionEvent], width: Int, height: Int) {
            self.pages = pages
            renderer = .forward(style: style, width: width, height: height)
            // A font error here comes back, thrown, from the first look drawn.
            try? renderer.stack(pages)
            canvas = LayerCanvas(width: width, height: height)
            index = PageIndex(pages)
        }

        /// The looks of `frames`: the first frame's, then one at every frame whose state differs from the
        /// frame before (nothing showing is a look without an image).
        func looks(_ frames: Range<Int>, at frameRate: FrameRate) -> Result<[Look], VideoError> {
            var out: [Look] = []
            var last: FrameState?
            for frame in frames {
                let t = frameRate.milliseconds(frames: frame)
                do {
                    let state = try renderer.state(of: pages, index: index, at: t)
                    guard state != last else { continue }
                    last = state
                    guard !state.pages.isEmpty else { out.append(Look(frame: frame, pages: [], image: nil, x: 0, y: 0)); continue }
                    let layer = try canvas.draw(inking: ink) { (image: inout RGBAImage) throws(FontError) in
                        try renderer.render(state, of: pages, at: t, onto: &image, ink: ink)
                    }
                    out.append(Look(frame: frame, pages: state.pages.map(\.index), image: layer?.image, x: layer?.x ?? 0, y: layer?.y ?? 0))
                } catch {
                    return .failure(VideoError(.unreadable, "captions: \(error)"))
                }
            }
            return .success(out)
        }
    }

    /// The chunks between the drawing threads and the one that takes them: drawn chunks by number, and
    /// how far the drawing may run ahead of the taking (which bounds the memory the looks hold).
    private final class Chunks: @unchecked Sendable {
        let condition = NSCondition()
        let count: Int
        let ahead: Int
        var drawn: [Int: Result<[Look], VideoError>] = [:]
        var next = 0
        var taken = 0
        var stopped = false

        init(count: Int, ahead: Int) { self.count = count; self.ahead = ahead }

        /// The next chunk to draw, or nil when there is none (or the taking stopped).
        func claim() -> Int? {
            condition.lock(); defer { condition.unlock() }
            while next - taken >= ahead && !stopped { condition.wait() }
            guard !stopped, next < count else { return nil }
            next += 1
            return next - 1
        }

        func put(_ chunk: Int, _ looks: Result<[Look], VideoError>) {
            condition.lock(); defer { condition.unlock() }
            drawn[chunk] = looks
            condition.broadcast()
        }

        func take(_ chunk: Int) -> Result<[Look], VideoError> {
            condition.lock(); defer { condition.unlock() }
            while drawn[chunk] == nil { condition.wait() }
            taken = chunk + 1
            condition.broadcast()
            return drawn.removeValue(forKey: chunk)!
        }

        func stop() {
            condition.lock(); defer { condition.unlock() }
            stopped = true
            condition.broadcast()
        }
    }

    /// Calls `body` with each change in frame order; the last one shows nothing.
    ///
    /// `threads` threads (two for the native renderer) draw chunks of frames, each with its own drawer,
    /// at most a few chunks ahead, while `body` takes them in order on the calling thread. A chunk starts with its first frame's
    /// look, so the looks are filtered here: one that draws the same pixels at the same place as the
    /// last one given (a chunk's first frame, or a new state whose pixels round the same) is no change.
    public func forEachChange(_ body: (Look) throws(VideoError) -> Void) throws(VideoError) {
        let chunks = Chunks(count: (frameCount + Self.chunkFrames - 1) / Self.chunkFrames, ahead: 6)
        let group = DispatchGroup()
        let (frameCount, frameRate) = (self.frameCount, self.frameRate)
        // Made here, so that a drawer that cannot be made (a script libass cannot read) stops the track.
        var drawers: [any PGSLookDrawer] = []
        for _ in 0..<threads { drawers.append(try makeDrawer()) }
        for drawer in drawers {
            DispatchQueue.global().async(group: group) {
                while let chunk = chunks.claim() {
                    let frames = (chunk * Self.chunkFrames)..<min(frameCount, (chunk + 1) * Self.chunkFrames)
                    chunks.put(chunk, drawer.looks(frames, at: frameRate))
                }
            }
        }
        defer {
            chunks.stop()
            group.wait()
        }
        var given: Look?
        for chunk in 0..<chunks.count {
            for look in try chunks.take(chunk).get() {
                if look.image == nil {
                    if given?.image != nil { try body(Look(frame: look.frame, pages: [], image: nil, x: 0, y: 0)) }
                    given = look
                    continue
                }
                if let given, let a = given.image, let b = look.image, given.x == look.x, given.y == look.y, a == b { continue }
                given = look
                try body(look)
            }
        }
    }
}
