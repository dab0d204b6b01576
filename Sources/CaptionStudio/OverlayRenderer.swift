import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionStyles
import Foundation

/// `/overlay`: the captions at a time over transparency, as PNG bytes. The pixels are
/// `CaptionFrameRenderer.render` onto a transparent frame, exactly as `captions render --at` draws
/// them. Frames whose captions look the same (equal `FrameState`s) have the same key and share one
/// encoded overlay, so a page held for two seconds is drawn once; the page asks for the keys of the
/// frames ahead (`plan`) and fetches each distinct one once.
public final class OverlayRenderer: @unchecked Sendable {
    // Unchecked: the cache and the timings are only touched under `lock`.
    struct Key: Hashable {
        var version: Int
        var state: FrameState
        /// A script in its own look animates inside a state (`\t`, `\move`, `\fad`): its frames are
        /// keyed by their time too.
        var time: Milliseconds?
    }
    private struct Entry: Hashable {
        var key: Key
        var cropped: Bool
        var encoding: Encoding
    }

    /// PNG for scripts and tests; raw RGBA rows (straight alpha, 4 bytes a pixel) for the page, which
    /// then neither waits for a PNG encode nor spends its own CPU decoding one while the video plays.
    public enum Encoding: String, Sendable { case png, rgba }

    /// One overlay: its bytes, and where it sits in the frame (the whole frame, or the captions' bounds
    /// when cropped; nil when nothing is drawn, and the bytes are then a 1x1 transparent image).
    public struct Image: Sendable {
        public var bytes: Data
        public var rect: PixelRect?
    }

    /// One request's cost: the time to the PNG (drawing and encoding, or a cache hit).
    public struct Timing: Sendable {
        public var milliseconds: Double
        public var cached: Bool
    }

    private let lock = NSLock()
    private var inFlight: [Entry: DispatchGroup] = [:]
    private let drawAhead = DispatchQueue(label: "studio.overlays.ahead", qos: .userInitiated)
    private var frames: [RGBAImage] = []
    private var cache: [Entry: Image] = [:]
    private var order: [Entry] = []
    private var cachedBytes = 0
    private let byteLimit: Int
    private var timings: [Timing] = []

    public init(byteLimit: Int = 128 << 20) { self.byteLimit = byteLimit }

    /// What the frame at `t` shows (a state with no pages when no caption is visible).
    func key(_ snapshot: StudioSession.Snapshot, at t: Milliseconds) throws(StudioError) -> Key {
        do {
            return Key(version: snapshot.version, state: try snapshot.renderer.state(of: snapshot.pages, at: t),
                       time: snapshot.script == nil ? nil : t)
        } catch {
            throw StudioError(500, "cannot lay out the captions: \(error)")
        }
    }

    /// The keys of the frames at `times`, as short strings ("" for no captions): equal strings, equal
    /// pixels. The distinct overlays not drawn yet are then drawn ahead, one at a time on a queue of
    /// their own, in the form the page fetches (`prepared`), so its requests find them ready.
    public func plan(_ snapshot: StudioSession.Snapshot, times: [Milliseconds],
                     prepare prepared: (cropped: Bool, encoding: Encoding)? = nil) throws(StudioError) -> [String] {
        var ahead: [(Milliseconds, Key)] = []
        let names = try times.map { t throws(StudioError) in
            let key = try key(snapshot, at: t)
            guard !key.state.pages.isEmpty else { return "" }
            if !ahead.contains(where: { $0.1 == key }) { ahead.append((t, key)) }
            return "\(key.version)-" + String(UInt64(bitPattern: Int64(key.hashValue)), radix: 36)
        }
        if let prepared {
            for (t, key) in ahead {
                let entry = Entry(key: key, cropped: prepared.cropped, encoding: prepared.encoding)
                guard lock.withLock({ cache[entry] == nil && inFlight[entry] == nil }) else { continue }
                drawAhead.async { _ = try? self.image(snapshot, at: t, cropped: prepared.cropped, encoding: prepared.encoding, timed: false) }
            }
        }
        return names
    }

    /// The overlay for `snapshot` at `t`: the whole frame, or (`cropped`) only the captions' bounds.
    public func image(_ snapshot: StudioSession.Snapshot, at t: Milliseconds, cropped: Bool = false,
                      encoding: Encoding = .png) throws(StudioError) -> Image {
        try image(snapshot, at: t, cropped: cropped, encoding: encoding, timed: true)
    }

    /// `timed`: a request's (recorded in the timings), not a drawing ahead.
    private func image(_ snapshot: StudioSession.Snapshot, at t: Milliseconds, cropped: Bool,
                       encoding: Encoding, timed: Bool) throws(StudioError) -> Image {
        let started = DispatchTime.now().uptimeNanoseconds
        let renderer = snapshot.renderer
        let key = try key(snapshot, at: t)
        let entry = Entry(key: key, cropped: cropped, encoding: encoding)
        // Cached; or being drawn (ahead, or for another request): wait for that one rather than draw
        // it twice; or ours to draw.
        enum Found { case hit(Image), wait(DispatchGroup), draw(DispatchGroup) }
        let found: Found = lock.withLock {
            if let hit = cache[entry] { return .hit(hit) }
            if let group = inFlight[entry] { return .wait(group) }
            let group = DispatchGroup()
            group.enter()
            inFlight[entry] = group
            return .draw(group)
        }
        let group: DispatchGroup
        switch found {
        case .hit(let image):
            if timed { record(started, cached: true) }
            return image
        case .wait(let other):
            other.wait()
            if let image = lock.withLock({ cache[entry] }) {
                if timed { record(started, cached: true) }
                return image
            }
            return try image(snapshot, at: t, cropped: cropped, encoding: encoding, timed: timed)
        case .draw(let ours):
            group = ours
        }
        defer {
            lock.withLock { _ = inFlight.removeValue(forKey: entry) }
            group.leave()
        }
        // A cleared frame from the pool: a fresh 8 MB frame costs page faults and zeroing on every
        // request; a used one needs only the rows it was drawn on cleared.
        var frame = takeFrame(width: renderer.width, height: renderer.height)
        var drawn: PixelRect?, complete = false
        defer { if complete { giveBack(&frame, drawn: drawn) } }
        let result: Image
        do {
            if let script = snapshot.script {
                script.draw(at: t, onto: &frame)
            } else {
                try renderer.render(key.state, of: snapshot.pages, at: t, onto: &frame)
            }
            drawn = frame.drawnBounds()
            complete = true
            let rect = cropped ? drawn : PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
            let picture = rect.map { cropped ? frame.cropped(to: $0) : frame } ?? RGBAImage(width: 1, height: 1)
            switch encoding {
            case .png: result = Image(bytes: try PNGEncoding.encode(picture), rect: rect)
            case .rgba: result = Image(bytes: picture.withUnsafePixels { Data(buffer: $0) }, rect: rect)
            }
        } catch let error as FontError {
            throw StudioError(500, "cannot lay out the captions: \(error)")
        } catch {
            throw StudioError(500, "cannot encode the overlay: \(error)")
        }
        store(result, for: entry)
        if timed { record(started, cached: false) }
        return result
    }

    /// The timings recorded since the last call (the benchmark reads them), and forgets them.
    public func takeTimings() -> [Timing] {
        lock.withLock { defer { timings = [] }; return timings }
    }

    private func takeFrame(width: Int, height: Int) -> RGBAImage {
        lock.withLock {
            if let i = frames.firstIndex(where: { $0.width == width && $0.height == height }) { return frames.remove(at: i) }
            return nil
        } ?? RGBAImage(width: width, height: height)
    }

    /// Clears the rows that were drawn on (`drawn`) and keeps the frame for the next request (a few per
    /// core). A frame whose drawing failed part way is not given back: what it holds is unknown.
    private func giveBack(_ frame: inout RGBAImage, drawn: PixelRect?) {
        if let drawn {
            let stride = frame.bytesPerRow
            frame.withUnsafeMutablePixels { pixels in
                _ = memset(pixels.baseAddress! + drawn.y * stride, 0, drawn.height * stride)
            }
        }
        let kept = frame
        lock.withLock { if frames.count < 4 { frames.append(kept) } }
    }

    private func store(_ image: Image, for entry: Entry) {
        lock.withLock {
            // Entries of older versions are never asked for again (and one drawn ahead for a version the
            // page has left behind is not kept).
            if let newest = order.last {
                if entry.key.version < newest.key.version { return }
                if newest.key.version != entry.key.version { cache = [:]; order = []; cachedBytes = 0 }
            }
            guard cache[entry] == nil else { return }
            cache[entry] = image
            order.append(entry)
            cachedBytes += image.bytes.count
            while cachedBytes > byteLimit, !order.isEmpty {
                let old = order.removeFirst()
                cachedBytes -= cache.removeValue(forKey: old)?.bytes.count ?? 0
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

extension RGBAImage {
    /// The smallest rectangle holding every pixel with a byte that is not zero (anything drawn, whatever
    /// its alpha); nil for an untouched image. Rows are tested eight bytes at a time: an overlay is
    /// mostly empty rows.
    func drawnBounds() -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        withUnsafePixels { pixels in
            let stride = bytesPerRow
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels.baseAddress! + y * stride)
                var words = 0
                var empty = true
                while words + 8 <= stride {
                    if row.loadUnaligned(fromByteOffset: words, as: UInt64.self) != 0 { empty = false; break }
                    words += 8
                }
                if empty { for i in words..<stride where row.load(fromByteOffset: i, as: UInt8.self) != 0 { empty = false; break } }
                guard !empty else { continue }
                let bytes = row.assumingMemoryBound(to: UInt32.self)
                var first = 0
                while bytes[first] == 0 { first += 1 }
                var last = width - 1
                while bytes[last] == 0 { last -= 1 }
                minY = min(minY, y); maxY = y
                minX = min(minX, first); maxX = max(maxX, last)
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
