import CaptionModel
import CaptionRender
import CaptionTestSupport
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// The decoder-model replay: it finds each kind of breach in tracks made to have one, and finds none
/// in what `PGSTrackWriter` writes for the animated presets, at a phone's full HD and 30 fps too.
@Suite struct PGSDecoderCheckTests {
    /// A display set's bytes: PCS, the given windows, a palette, objects, END.
    static func displaySet(pts: Int, dts: Int, state: PGSCompositionState, windows: [PGSWindow], objects: [PGSObject],
                           placements: [PGSComposition.Placement], width: Int = 640, height: Int = 360) -> [UInt8] {
        var segments = [PGSSegment(.composition, pts: UInt32(pts), dts: UInt32(dts),
                                   payload: PGSComposition(width: width, height: height, number: 0, state: state, placements: placements).payload)]
        segments.append(PGSSegment(.window, pts: UInt32(pts), dts: UInt32(dts), payload: PGSWindow.payload(windows)))
        segments.append(PGSSegment(.palette, pts: UInt32(pts), dts: UInt32(dts),
                                   payload: PGSPalette(entries: [PGSPalette.transparent, PGSPalette.Entry(index: 1, y: 235, cr: 128, cb: 128, alpha: 255)]).payload))
        for object in objects {
            for payload in object.payloads { segments.append(PGSSegment(.object, pts: UInt32(pts), dts: UInt32(dts), payload: payload)) }
        }
        segments.append(PGSSegment(.end, pts: UInt32(pts), dts: UInt32(dts), payload: []))
        return PGSSegment.file(segments)
    }

    static func object(_ id: UInt16, _ width: Int, _ height: Int, random: inout SplitMix64) -> PGSObject {
        PGSObject(id: id, bitmap: PGSIndexedBitmap(width: width, height: height, indices: (0..<(width * height)).map { _ in UInt8(random.next() % 2) }))
    }

    @Test func eachBreachIsFound() throws {
        var random = SplitMix64(seed: 7)
        let window = PGSWindow(id: 0, rect: PixelRect(x: 100, y: 200, width: 200, height: 50))
        let small = Self.object(0, 200, 50, random: &random)
        let start = PGSDecoderModel.decodeTicks(.epochStart(objectPixels: 10_000, windowPixels: 10_000), width: 640, height: 360)
        let update = PGSDecoderModel.decodeTicks(.objectUpdate(objectPixels: 10_000, windowPixels: 10_000), width: 640, height: 360)
        let good = Self.displaySet(pts: 9000, dts: 9000 - start, state: .epochStart, windows: [window], objects: [small],
                                   placements: [.init(objectID: 0, windowID: 0, x: 100, y: 200)])
        func problems(_ more: [UInt8]) throws -> [String] {
            PGSDecoderCheck(width: 640, height: 360).check(try PGSReader().read(good + more)).problems
        }
        expectTrue(try problems([]).isEmpty)
        let fine = Self.displaySet(pts: 18000, dts: 18000 - update, state: .normal, windows: [window], objects: [small],
                                   placements: [.init(objectID: 0, windowID: 0, x: 100, y: 200)])
        expectTrue(try problems(fine).isEmpty)
        // Too little time to decode.
        let rushed = Self.displaySet(pts: 18000, dts: 18000 - update + 10, state: .normal, windows: [window], objects: [small],
                                     placements: [.init(objectID: 0, windowID: 0, x: 100, y: 200)])
        expectTrue(try problems(rushed).contains { $0.contains("ticks to decode") })
        // Decoding before the previous display set is shown.
        let early = Self.displaySet(pts: 9000 + update - 5, dts: 9000 - 5, state: .normal, windows: [window], objects: [small],
                                    placements: [.init(objectID: 0, windowID: 0, x: 100, y: 200)])
        expectTrue(try problems(early).contains { $0.contains("before the previous display set is shown") })
        // A window that moves inside the epoch; an object that changes size; three objects shown.
        let moved = PGSWindow(id: 0, rect: PixelRect(x: 90, y: 200, width: 200, height: 50))
        expectTrue(try problems(Self.displaySet(pts: 18000, dts: 18000 - update, state: .normal, windows: [moved], objects: [small],
                                             placements: [.init(objectID: 0, windowID: 0, x: 90, y: 200)]))
            .contains { $0.contains("changes from") })
        expectTrue(try problems(Self.displaySet(pts: 18000, dts: 18000 - update, state: .normal, windows: [window], objects: [Self.object(0, 100, 50, random: &random)],
                                             placements: [.init(objectID: 0, windowID: 0, x: 100, y: 200)]))
            .contains { $0.contains("changes size") })
        let three = (0..<3).map { Self.object(UInt16($0), 20, 20, random: &random) }
        expectTrue(try problems(Self.displaySet(pts: 18000, dts: 0, state: .epochStart, windows: [window], objects: three,
                                             placements: (0..<3).map { .init(objectID: UInt16($0), windowID: 0, x: 100 + 30 * $0, y: 200) }))
            .contains { $0.contains("3 objects shown") })
        // An object outside its window.
        expectTrue(try problems(Self.displaySet(pts: 18000, dts: 18000 - update, state: .normal, windows: [window], objects: [small],
                                             placements: [.init(objectID: 0, windowID: 0, x: 120, y: 200)]))
            .contains { $0.contains("leaves window") })
    }

    /// Noise objects (the run-length code cannot shrink them) a frame apart at full HD: more bytes than
    /// Rx brings, so the coded data buffer overflows.
    @Test func aTrackOverTheTransportRateOverflowsTheCodedDataBuffer() throws {
        var random = SplitMix64(seed: 8)
        let window = PGSWindow(id: 0, rect: PixelRect(x: 0, y: 0, width: 1920, height: 200))
        let update = PGSDecoderModel.decodeTicks(.objectUpdate(objectPixels: 1920 * 200, windowPixels: 1920 * 200), width: 1920, height: 1080)
        var bytes: [UInt8] = []
        for n in 0..<12 {
            let pts = 90_000 + n * 3 * update
            bytes += Self.displaySet(pts: pts, dts: pts - update - (n == 0 ? 10_000 : 0), state: n == 0 ? .epochStart : .normal, windows: [window],
                                     objects: [Self.object(0, 1920, 200, random: &random)], placements: [.init(objectID: 0, windowID: 0, x: 0, y: 0)],
                                     width: 1920, height: 1080)
        }
        let result = PGSDecoderCheck(width: 1920, height: 1080).check(try PGSReader().read(bytes))
        expectTrue(result.peakCodedBytes > PGSDecoderModel.codedDataBufferBytes)
        expectTrue(result.problems.contains { $0.contains("coded data buffer") })
    }

    /// A replay fed piece by piece finds what the whole track's replay finds, the coded data buffer
    /// included (its arrivals span the pieces): noise objects a frame apart, a new epoch every third.
    @Test func aReplayInPiecesFindsWhatTheWholeTrackHas() throws {
        var random = SplitMix64(seed: 9)
        let window = PGSWindow(id: 0, rect: PixelRect(x: 0, y: 0, width: 1920, height: 200))
        let pixels = 1920 * 200
        let update = PGSDecoderModel.decodeTicks(.objectUpdate(objectPixels: pixels, windowPixels: pixels), width: 1920, height: 1080)
        let start = PGSDecoderModel.decodeTicks(.epochStart(objectPixels: pixels, windowPixels: pixels), width: 1920, height: 1080)
        var pieces: [[UInt8]] = []
        // A display set every epoch start's decode time: five times what Rx brings.
        for n in 0..<12 {
            let pts = 90_000 + n * (start + 100)
            let state: PGSCompositionState = n % 3 == 0 ? .epochStart : .normal
            let set = Self.displaySet(pts: pts, dts: pts - (n % 3 == 0 ? start : update), state: state, windows: [window],
                                      objects: [Self.object(0, 1920, 200, random: &random)], placements: [.init(objectID: 0, windowID: 0, x: 0, y: 0)],
                                      width: 1920, height: 1080)
            if n % 3 == 0 { pieces.append(set) } else { pieces[pieces.count - 1] += set }
        }
        let whole = PGSDecoderCheck(width: 1920, height: 1080).check(try PGSReader().read(pieces.flatMap { $0 }))
        expectTrue(whole.problems.contains { $0.contains("coded data buffer") })
        var replay = PGSDecoderCheck.Replay(PGSDecoderCheck(width: 1920, height: 1080))
        for piece in pieces { try replay.add(piece: piece) }
        let piecewise = replay.result
        expectEqual(piecewise.problems, whole.problems)
        expectTrue(piecewise.peakCodedBytes == whole.peakCodedBytes && piecewise.peakObjectBytes == whole.peakObjectBytes
                && piecewise.leastSlackTicks == whole.leastSlackTicks)
    }

    /// What the writer makes passes: every animated preset at 1080x1920 and 30 fps (the objects are
    /// large, so scaling words cannot all be decoded a frame apart: merged, and counted).
    @Test(arguments: ["highlight-by-word", "word-and-scale", "karaoke-fill", "pop-in", "background-by-word"])
    func writtenTracksFitTheDecoderModel(preset: String) throws {
        let rate = FrameRate(numerator: 30, denominator: 1)!
        // Pages after gaps: three epochs (an epoch is handed on once the next one is written, which may
        // merge away its last updates).
        let pages = TestCaptions.pages + [TestCaptions.page([("again", 3000, 3400), ("after", 3400, 3700), ("a", 3700, 3900), ("gap", 3900, 4300)]),
                                          TestCaptions.page([("and", 5000, 5300), ("once", 5300, 5600), ("more", 5600, 6000)])]
        let looks = PGSCaptionLooks(style: try TestCaptions.style(preset), pages: pages, width: 1080, height: 1920, frameRate: rate)
        let (bytes, report) = try PGSTrackWriter(width: 1080, height: 1920, frameRate: rate).encode(looks)
        let result = PGSDecoderCheck(width: 1080, height: 1920).check(try PGSReader().read(bytes))
        expectTrue(result.problems.isEmpty, "\(preset): \(result.problems.prefix(3))")
        // The commands replay without decoding the pictures: the same findings.
        let light = PGSDecoderCheck(width: 1080, height: 1920).check(try PGSReader(decodesObjects: false).read(bytes))
        expectTrue(light.problems == result.problems && light.peakCodedBytes == result.peakCodedBytes
                && light.peakObjectBytes == result.peakObjectBytes && light.leastSlackTicks == result.leastSlackTicks)
        // The writer hands the track on in pieces, each starting with an epoch start; replayed piece by
        // piece (as the commands do, never holding the track whole), they give the same findings.
        var pieces: [[PGSSegment]] = []
        _ = try PGSTrackWriter(width: 1080, height: 1920, frameRate: rate).write(looks) { pieces.append($0) }
        expectTrue(pieces.count > 1, "\(preset): \(pieces.count) piece(s)")
        expectTrue(pieces.allSatisfy { $0.first?.kind == .composition && $0.first?.payload[7] == PGSCompositionState.epochStart.rawValue })
        expectEqual(pieces.flatMap { PGSSegment.file($0) }, bytes)
        var replay = PGSDecoderCheck.Replay(PGSDecoderCheck(width: 1080, height: 1920))
        for piece in pieces { try replay.add(piece: PGSSegment.file(piece)) }
        let piecewise = replay.result
        expectTrue(piecewise.problems == result.problems && piecewise.peakCodedBytes == result.peakCodedBytes
                && piecewise.peakObjectBytes == result.peakObjectBytes && piecewise.leastSlackTicks == result.leastSlackTicks)
        print("PGS decoder model, \(preset) 1080x1920 30 fps: \(report.displaySets) display sets, \(report.merged) merged, \(report.late) late, "
              + "coded buffer peak \(result.peakCodedBytes) B, object buffer peak \(result.peakObjectBytes) B, least slack \(result.leastSlackTicks) ticks")
    }
}
