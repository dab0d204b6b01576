import CaptionLayout
import CaptionModel
import CaptionRender
import CaptionTestSupport
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The animated track: every look the native renderer draws comes back from the written `.sup`
/// (through the project's own reader) at its frame, palette updates carry colour changes, and new
/// objects carry new shapes.
@Suite struct PGSTrackWriterTests {
    /// Random looks: a base of many colours, then rectangles recoloured look after look. Every look a
    /// run takes comes back exactly from its indices and that look's palette; a look the run refuses
    /// leaves it as it was and starts the next run.
    @Test func paletteRunsGiveBackEveryLookExactly() {
        var random = SplitMix64(seed: 34)
        let window = PixelRect(x: 10, y: 20, width: 48, height: 24)
        var look = (0..<window.area).map { _ in random.next() % 3 == 0 ? 0 : UInt32(truncatingIfNeeded: random.next() % 90 + 1) << 8 | 0xFF }
        var looks = [look]
        for _ in 0..<40 {
            let (x, y) = (Int(random.next() % 40), Int(random.next() % 18))
            let colour = random.next() % 5 == 0 ? 0 : UInt32(truncatingIfNeeded: random.next() % 6 + 200) << 24 | 0xFF
            for row in y..<(y + 6) { for col in x..<(x + 8) { look[row * window.width + col] = colour } }
            looks.append(look)
        }
        var runs: [(run: PGSPaletteRun, first: Int)] = [(PGSPaletteRun(window: window, look: looks[0], quantizer: PGSQuantizer()), 0)]
        for (k, next) in looks.enumerated().dropFirst() {
            let before = runs[runs.count - 1].run
            if !runs[runs.count - 1].run.append(Self.changes(from: looks[k - 1], to: next)) {
                expectEqual(runs[runs.count - 1].run.count, before.count)
                runs.append((PGSPaletteRun(window: window, look: next, quantizer: PGSQuantizer()), k))
            }
        }
        expectTrue(runs.count > 1 && runs.count < looks.count / 2, "\(runs.count) runs for \(looks.count) looks")
        for (run, first) in runs {
            expectTrue(run.exact)
            for k in 0..<run.count {
                let want = RGBAImage(width: window.width, height: window.height, pixels: PGSPaletteRun.bytes(looks[first + k]))
                expectEqual(run.image(look: k), want, "look \(first + k) (look \(k) of the run from \(first))")
            }
        }
    }

    /// The pixels of `next` that differ from `previous`, as a run takes them.
    static func changes(from previous: [UInt32], to next: [UInt32]) -> [PGSPaletteRun.Change] {
        next.indices.filter { next[$0] != previous[$0] }.map { PGSPaletteRun.Change(position: Int32($0), colour: next[$0]) }
    }

    /// An epoch's looks kept as changes of the window (`PGSWindowChanges`) give back every look: random
    /// images at random places (some partly outside the window, some with colour left in transparent
    /// pixels) and clears, each look compared with the window drawn pixel by pixel; the histogram counts
    /// each colour as often as it is a change.
    @Test func windowChangesGiveBackEveryLook() {
        var random = SplitMix64(seed: 3434)
        let window = PixelRect(x: 30, y: 40, width: 64, height: 48)
        var epoch: [PGSCaptionLooks.Look] = []
        for frame in 0..<60 {
            if random.next() % 9 == 0 { epoch.append(.init(frame: frame, pages: [], image: nil, x: 0, y: 0)); continue }
            let (width, height) = (Int(random.next() % 50) + 1, Int(random.next() % 40) + 1)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for i in 0..<(width * height) where random.next() % 4 != 0 {
                let colour = random.next() % 5
                pixels[i * 4] = UInt8(colour * 50); pixels[i * 4 + 1] = UInt8(random.next() % 2 * 200)
                pixels[i * 4 + 3] = random.next() % 7 == 0 ? 0 : 255
            }
            epoch.append(.init(frame: frame, pages: [0], image: RGBAImage(width: width, height: height, pixels: pixels),
                               x: window.x - 10 + Int(random.next() % 70), y: window.y - 10 + Int(random.next() % 50)))
        }
        let changes = PGSWindowChanges(epoch, window: window)
        expectEqual(changes.looks.count, epoch.count)
        var rebuilt = [UInt32](repeating: 0, count: window.area)
        var previous = rebuilt
        var counts: [UInt32: Int] = [:]
        for (look, changed) in zip(epoch, changes.looks) {
            guard let image = look.image else { expectNil(changed); continue }
            for change in changed ?? [] { rebuilt[Int(change.position)] = changes.colours[Int(change.colour)] }
            // The window drawn pixel by pixel: the image's pixels where it covers the window, transparent
            // (0) where it does not or where its alpha is 0.
            var want = [UInt32](repeating: 0, count: window.area)
            for row in 0..<window.height {
                for column in 0..<window.width {
                    let (x, y) = (window.x + column - look.x, window.y + row - look.y)
                    guard x >= 0, x < image.width, y >= 0, y < image.height else { continue }
                    let c = image[x, y]
                    want[row * window.width + column] = PGSPaletteRun.key(c)
                }
            }
            expectEqual(want.indices.filter { rebuilt[$0] != want[$0] }.count, 0, "pixels wrong in the look at frame \(look.frame)")
            for i in want.indices where want[i] != previous[i] && want[i] != 0 { counts[want[i], default: 0] += 1 }
            expectTrue((changed ?? []).allSatisfy { previous[Int($0.position)] != want[Int($0.position)] }, "only changed pixels")
            previous = want
        }
        expectEqual(changes.counts, counts)
    }

    /// A look of more than 255 colours is reduced on its own and stands alone.
    @Test func aLookOfManyColoursIsReducedAndStandsAlone() {
        let window = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let gradient: [UInt32] = (0..<window.area).map { i in
            let red = UInt32(i % 256), blue = UInt32(i / 4)
            return red << 24 | blue << 8 | 0xFF
        }
        var run = PGSPaletteRun(window: window, look: gradient, quantizer: PGSQuantizer())
        expectTrue(!run.exact)
        let taken = run.append([])
        expectTrue(!taken)
        expectEqual(run.count, 1)
    }

    /// The looks `PGSCaptionLooks` reports for `preset` on the test pages (360x640, 25 fps).
    static func looks(_ preset: String) throws -> (source: PGSCaptionLooks, all: [PGSCaptionLooks.Look]) {
        let source = PGSCaptionLooks(style: try TestCaptions.style(preset), pages: TestCaptions.pages, width: 360, height: 640,
                                     frameRate: FrameRate(numerator: 25, denominator: 1)!)
        var all: [PGSCaptionLooks.Look] = []
        try source.forEachChange { all.append($0) }
        return (source, all)
    }

    /// Each look the renderer draws is on screen from its frame: the last display set at or before the
    /// frame's PTS shows it (through the palette's Y'CbCr and back: 40 dB or better over the caption; the palette has 64 to 255
    /// colours, see `PGSSchedule.runs`).
    @Test(arguments: ["highlight-by-word", "background-by-word", "word-and-scale", "karaoke-fill", "pop-in"])
    func everyLookIsShownFromItsFrame(preset: String) throws {
        let (source, looks) = try Self.looks(preset)
        try #require(looks.count >= 4 && looks.last?.image == nil)
        let writer = PGSTrackWriter(width: 360, height: 640, frameRate: source.frameRate)
        var worst = 99.0
        let (bytes, report) = try writer.encode(source)
        let sets = try PGSReader().read(bytes)
        expectEqual(sets.count, report.displaySets)
        // The first caption starts at 0 ms, before its decoding can end: its display set is a frame late
        // (and shows the look due then, merging frame 0's into it when they differ).
        expectTrue(report.late == 1 && report.merged <= 1, "\(report)")
        expectEqual(sets.first?.composition.state, .epochStart)
        for look in looks where look.frame > 0 {
            let pts = look.frame * 3600
            let shown = try #require(sets.last { Int($0.pts) <= pts }, "frame \(look.frame)")
            expectEqual(Int(shown.pts), pts, "\(preset): frame \(look.frame) shown by the display set at \(shown.pts)")
            let screen = shown.frame(matrix: writer.matrix)
            var want = RGBAImage(width: 360, height: 640)
            if let image = look.image {
                for y in 0..<image.height { for x in 0..<image.width { want[look.x + x, look.y + y] = image[x, y] } }
            }
            guard let area = want.opaqueBounds else {
                expectNil(screen.opaqueBounds, "\(preset): frame \(look.frame) should be clear")
                continue
            }
            let psnr = try ImageComparison.psnr(actual: screen, expected: want, in: area)
            expectTrue(psnr >= 40, "\(preset): frame \(look.frame): \(psnr) dB")
            worst = min(worst, psnr)
        }
        // Two pages, the second starting as the first ends: one epoch (the gap is too short to clear the
        // plane for a second), cleared at the end.
        expectTrue(report.epochs == 1 && report.clears == 1)
        print("PGS \(preset): worst \(worst) dB, \(looks.count) looks, \(report.displaySets) display sets (\(report.paletteUpdates) palette updates, \(report.objectUpdates) object updates), \(report.bytes) bytes")
        // Each word's highlight is a palette update; the second page needs a new object.
        if preset == "highlight-by-word" { expectTrue(report.paletteUpdates >= 3 && report.objectUpdates == 1) }
        if preset == "word-and-scale" { expectTrue(report.objectUpdates > 0) }
    }

    /// Captions a second apart: the first is cleared, the second starts a new epoch; 100 ms apart (less
    /// than the plane's clearing takes at full HD), the epoch goes on with a clear and a new object.
    @Test(arguments: [(1000, 2), (100, 1)])
    func aLongEnoughGapStartsANewEpoch(gap: Int, epochs: Int) throws {
        let pages = [TestCaptions.pages[0], TestCaptions.page([("later", 1000 + gap, 1600 + gap), ("on", 1600 + gap, 2000 + gap)])]
        let rate = FrameRate(numerator: 25, denominator: 1)!
        let looks = PGSCaptionLooks(style: try TestCaptions.style("highlight-by-word"), pages: pages, width: 1920, height: 1080, frameRate: rate)
        let (bytes, report) = try PGSTrackWriter(width: 1920, height: 1080, frameRate: rate).encode(looks)
        expectTrue(report.epochs == epochs && report.clears == 2, "\(report)")
        let sets = try PGSReader().read(bytes)
        expectEqual(sets.filter { $0.composition.state == .epochStart }.count, epochs)
        // Cleared at the first page's end, shown again at the second's start.
        let clear = try #require(sets.first { $0.composition.placements.isEmpty })
        expectEqual(Int(clear.pts), 1000 * 90)
        let again = ((1000 + gap) * 25 + 999) / 1000 * 40
        expectTrue(sets.contains { Int($0.pts) == again * 90 && !$0.composition.placements.isEmpty })
        expectTrue(PGSDecoderCheck(width: 1920, height: 1080).check(sets).problems.isEmpty)
    }
}
