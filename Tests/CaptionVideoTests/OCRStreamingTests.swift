import CaptionModel
@testable import CaptionVideo
import Foundation
import CaptionExpectations
import Testing

/// Bitmap tracks read as text while they are decoded: the cues made as sets arrive are the cues made
/// of all the sets at once, only a few sets are held at a time however long the track, and the
/// workers give their results back in the cues' order.
@Suite struct OCRStreamingTests {
    /// A one-pixel picture whose colour names it: equal pictures are the same picture shown again.
    static func picture(_ n: Int, y: Int = 900) -> SubtitlePicture {
        SubtitlePicture(x: 10, y: y, width: 1, height: 1, rgba: [UInt8(n % 251), UInt8(n / 251 % 251), 7, 255])
    }

    static func set(_ start: Milliseconds, _ end: Milliseconds?, _ pictures: [SubtitlePicture]) -> PictureCue {
        PictureCue(start: start, end: end, pictures: pictures)
    }

    static func spans(_ shown: [BitmapTrackText.Shown]) -> [String] {
        shown.map { "\($0.start)-\($0.end):\($0.pictures.map { Int($0.rgba[0]) })" }
    }

    @Test func cuesEndAtTheNextSetTheirOwnEndOrTheFileEnd() {
        let a = Self.picture(1), b = Self.picture(2), c = Self.picture(3)
        let sets = [
            Self.set(1000, nil, [a]),          // until the clearing set at 2500
            Self.set(2500, nil, []),
            Self.set(3000, 3400, [b]),         // its own end, sooner than the next set
            Self.set(4000, nil, [b]),          // b again, not joined: 3400 < 4000
            Self.set(4500, nil, [b]),          // b again while shown: joined (a palette change)
            Self.set(6000, 4_294_967_295 + 6000, [c]), // "until cleared" written as 2^32 - 1 ms: the file's end
        ]
        var cues = ShownCues()
        var shown: [BitmapTrackText.Shown] = []
        for set in sets { cues.add(set) { shown.append($0) } }
        cues.finish(fileEnd: 9000) { shown.append($0) }
        expectEqual(Self.spans(shown), ["1000-2500:[1]", "3000-3400:[2]", "4000-6000:[2]", "6000-9000:[3]"])
        expectEqual(Self.spans(ShownCues.all(sets, fileEnd: nil)).last, "6000-11000:[3]", "no end at all: five seconds")
    }

    /// Sets that arrive a few places out of order are put back in order: the same cues as all at once.
    @Test func streamingMakesTheCuesOfAllTheSetsAtOnce() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var sets: [PictureCue] = []
            var t: Milliseconds = 0
            for k in 0..<300 {
                t += Milliseconds.random(in: 0...1500, using: &generator)
                let pictures = Int.random(in: 0..<4, using: &generator) == 0 ? [] : [Self.picture(Int.random(in: 0..<5, using: &generator))]
                let end: Milliseconds? = Bool.random(using: &generator) ? t + Milliseconds.random(in: 1...4000, using: &generator) : nil
                sets.append(Self.set(t, end, pictures))
                _ = k
            }
            // Swap neighbours here and there: disorder well inside the window.
            for k in stride(from: 1, to: sets.count - 1, by: 7) where Bool.random(using: &generator) { sets.swapAt(k, k + 1) }
            var cues = ShownCues()
            var streamed: [BitmapTrackText.Shown] = []
            for set in sets { cues.add(set) { streamed.append($0) } }
            cues.finish(fileEnd: t + 2000) { streamed.append($0) }
            expectEqual(Self.spans(streamed), Self.spans(ShownCues.all(sets, fileEnd: t + 2000)), "round \(round)")
            expectTrue(cues.mostHeld <= ShownCues.window + 2, "round \(round): \(cues.mostHeld) sets held")
        }
    }

    @Test func aLongTrackHoldsAFewSetsAtATime() {
        var cues = ShownCues()
        var count = 0
        for k in 0..<20_000 {
            cues.add(Self.set(Milliseconds(k) * 3000, nil, [Self.picture(k)])) { _ in count += 1 }
            cues.add(Self.set(Milliseconds(k) * 3000 + 2000, nil, [])) { _ in count += 1 }
        }
        cues.finish(fileEnd: nil) { _ in count += 1 }
        expectEqual(count, 20_000)
        expectEqual(cues.mostHeld, ShownCues.window + 2)
    }

    @Test func theQueueWaitsForItsWorkersAndKeepsTheOrder() {
        let capacity = 3
        let queue = RecognitionQueue<Int, String>(workers: 2, capacity: capacity) { w, n in
            // Uneven work, so the workers finish out of order.
            usleep(UInt32(n % 3) * 200)
            return "\(n) by \(w)"
        }
        for n in 0..<400 { queue.submit(n) }
        let results = queue.finish()
        expectEqual(results.count, 400)
        expectEqual(results.map { Int($0.split(separator: " ")[0])! }, Array(0..<400))
        expectEqual(Set(results.map { $0.split(separator: " ").last! }), ["0", "1"], "both workers worked")
        expectTrue(queue.mostQueued <= capacity)
    }

    /// The whole reader: cues recognised while sets keep coming, as many held as the window and the
    /// queue allow, and each cue's text in its place (blank pictures: empty cues, each with its warning).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"), "no English Tesseract model"))
    func theReaderRecognisesWhileDecoding() throws {
        let reader = BitmapTrackText(language: "eng", name: "long.sup", codec: "hdmv_pgs_subtitle")
        let count = 120
        for k in 0..<count {
            reader.add(Self.set(Milliseconds(k) * 1000, nil, [Self.picture(k, y: k % 2 == 0 ? 900 : 40)]))
            reader.add(Self.set(Milliseconds(k) * 1000 + 800, nil, []))
        }
        let result = try reader.finish(plane: (1920, 1080), fileEnd: nil)
        expectEqual(result.document.events.count, count)
        expectEqual(result.document.events.map(\.start), (0..<count).map { Milliseconds($0) * 1000 })
        expectTrue(result.document.events.allSatisfy { $0.end == $0.start + 800 })
        let atTop: [Bool] = result.document.events.map { $0.placement?.anchor == 8 }
        let odd: [Bool] = (0..<count).map { $0 % 2 == 1 }
        expectEqual(atTop, odd, "pictures at the top keep their place")
        expectEqual(result.diagnostics.filter { $0.message.contains("has no text Tesseract could read") }.count, count)
        let workers = ProcessInfo.processInfo.activeProcessorCount
        expectTrue(reader.mostHeld <= ShownCues.window + 2 + workers * BitmapTrackText.queuedPerWorker, "\(reader.mostHeld) cues held")
    }
}

extension ShownCues {
    /// The cues of `sets` all at once (sorted first, so the window never matters).
    static func all(_ sets: [PictureCue], fileEnd: Milliseconds?) -> [BitmapTrackText.Shown] {
        var cues = ShownCues()
        var shown: [BitmapTrackText.Shown] = []
        let sorted = sets.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for set in sorted { cues.add(set) { shown.append($0) } }
        cues.finish(fileEnd: fileEnd) { shown.append($0) }
        return shown
    }
}
