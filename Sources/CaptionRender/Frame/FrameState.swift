import CaptionLayout
import CaptionModel
import CaptionStyles

/// What a frame of captions looks like before anything is drawn: which pages show, and each one's
/// scene (its words' appearances and its motion). Two times with equal states draw equal pixels, so
/// a video writer redraws only when the state changes and a preview server draws each state once.
public struct FrameState: Hashable, Sendable {
    public struct Page: Hashable, Sendable {
        /// The page's index in the list the state was taken from.
        public var index: Int
        public var appearances: [WordAppearance]
        public var motion: CaptionMotion
    }

    /// In drawing order; empty when no caption shows.
    public var pages: [Page]
}

extension CaptionFrameRenderer {
    /// The state of the frame at `t` for these pages (those with start ≤ t < end, as `render` draws them).
    public func state(of pages: [CaptionEvent], at t: Milliseconds) throws(FontError) -> FrameState {
        try state(of: pages, shown: pages.indices.filter { pages[$0].start <= t && t < pages[$0].end }, at: t)
    }

    /// The same, with the shown pages found through `index` (built once from `pages`), for callers that
    /// ask at every frame of a long list.
    public func state(of pages: [CaptionEvent], index: PageIndex, at t: Milliseconds) throws(FontError) -> FrameState {
        try state(of: pages, shown: index.shown(at: t, in: pages), at: t)
    }

    private func state(of pages: [CaptionEvent], shown indices: [Int], at t: Milliseconds) throws(FontError) -> FrameState {
        var shown: [FrameState.Page] = []
        for index in indices {
            let scene = try scene(pages[index], at: t)
            shown.append(FrameState.Page(index: index, appearances: scene.appearances, motion: scene.motion))
        }
        return FrameState(pages: shown)
    }

    /// Draws the pages of `state` (taken from `pages` at `t`) onto `image`: what `render(pages, at: t)`
    /// draws, without looking for the visible pages again.
    public func render(_ state: FrameState, of pages: [CaptionEvent], at t: Milliseconds, onto image: inout RGBAImage,
                       ink: InkArea? = nil) throws(FontError) {
        try render(pages: state.pages.lazy.map { pages[$0.index] }, at: t, onto: &image, ink: ink)
    }
}
