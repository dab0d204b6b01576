import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation

/// `/overlay`: the captions at a time over transparency, as PNG bytes. The pixels are
/// `CaptionFrameRenderer.render` onto a transparent frame, exactly as `captions render --at` draws
/// them. Frames whose captions look the same (the same pages, each in the same scene: words'
/// appearances and motion) share one encoded PNG, so a page held for two seconds is drawn once.
public final class OverlayRenderer: @unchecked Sendable {
    // Unchecked: the cache and the timings are only touched under `lock`.
    private struct Key: Hashable {
        var version: Int
        var pages: [PageScene]
    }
    private struct PageScene: Hashable {
        var page: Int
        var appearances: [WordAppearance]
        var motion: CaptionMotion
    }

    /// One request's cost: the time to the PNG (drawing and encoding, or a cache hit).
    public struct Timing: Sendable {
        public var milliseconds: Double
        public var cached: Bool
    }

    private let lock = NSLock()
    private var cache: [Key: Data] = [:]
    private var order: [Key] = []
    private var cachedBytes = 0
    private let byteLimit: Int
    private var timings: [Timing] = []

    public init(byteLimit: Int = 128 << 20) { self.byteLimit = byteLimit }

    /// The PNG for `snapshot` at `t`.
    public func png(_ snapshot: StudioSession.Snapshot, at t: Milliseconds) throws(StudioError) -> Data {
        let started = DispatchTime.now().uptimeNanoseconds
        let renderer = snapshot.renderer
        let visible = snapshot.pages.indices.filter { snapshot.pages[$0].start <= t && t < snapshot.pages[$0].end }
        do {
            let scenes = try visible.map { i throws(FontError) in
                let scene = try renderer.scene(snapshot.pages[i], at: t)
                return PageScene(page: i, appearances: scene.appearances, motion: scene.motion)
            }
            let key = Key(version: snapshot.version, pages: scenes)
            if let hit = lock.withLock({ cache[key] }) {
                record(started, cached: true)
                return hit
            }
            var image = RGBAImage(width: renderer.width, height: renderer.height)
            try renderer.render(snapshot.pages, at: t, onto: &image)
            let data = try PNGEncoding.encode(image)
            store(data, for: key)
            record(started, cached: false)
            return data
        } catch let error as FontError {
            throw StudioError(500, "cannot lay out the captions: \(error)")
        } catch {
            throw StudioError(500, "cannot encode the overlay: \(error)")
        }
    }

    /// The timings recorded since the last call (the benchmark reads them), and forgets them.
    public func takeTimings() -> [Timing] {
        lock.withLock { defer { timings = [] }; return timings }
    }

    private func store(_ data: Data, for key: Key) {
        lock.withLock {
            // Entries of older versions are never asked for again.
            if let newest = order.last, newest.version != key.version {
                cache = [:]; order = []; cachedBytes = 0
            }
            guard cache[key] == nil else { return }
            cache[key] = data
            order.append(key)
            cachedBytes += data.count
            while cachedBytes > byteLimit, !order.isEmpty {
                let old = order.removeFirst()
                cachedBytes -= cache.removeValue(forKey: old)?.count ?? 0
            }
        }
    }

    private func record(_ started: UInt64, cached: Bool) {
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        lock.withLock {
            if timings.count < 1 << 16 { timings.append(Timing(milliseconds: ms, cached: cached)) }
        }
    }
}
