import CaptionRender

/// Replays a PGS track (display sets as `PGSReader` reads them) through the Blu-ray decoder model
/// (`PGSDecoderModel`) and lists what a hardware decoder could not do: too many windows or objects,
/// windows or object sizes changing inside an epoch, a display set whose decoding starts before the one
/// before it is shown or has less time than its work needs, an object buffer over 4 MiB, a coded data
/// buffer over 1 MiB.
///
/// The coded data buffer: each display set's bytes arrive at Rx (2,000,000 bytes a second) as late as
/// they can, all of them by its DTS and after the bytes before them; the buffer holds what has arrived
/// and is not yet decoded, measured at each DTS. Data arriving before the track's time 0 is allowed
/// (a muxer starts the graphics stream with the program).
public struct PGSDecoderCheck: Sendable {
    public struct Result: Sendable {
        /// Each breach, naming the display set by its PTS (ms) and byte offset.
        public var problems: [String] = []
        /// The fullest the coded data and object buffers got, in bytes.
        public var peakCodedBytes = 0
        public var peakObjectBytes = 0
        /// The least time left over between a display set's decoding and its PTS, in ticks (-1: none).
        public var leastSlackTicks = -1
    }

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    public func check(_ sets: [PGSDisplaySet]) -> Result {
        var replay = Replay(self)
        replay.add(sets)
        return replay.result
    }

    /// The replay of a track read a piece at a time, so that a long track need not be held whole: `add`
    /// each piece in order (every piece starting with an epoch start, as `PGSTrackWriter.write(_:into:)`
    /// hands them on), then take `result`. Of a display set only its times and size are kept.
    public struct Replay: Sendable {
        let check: PGSDecoderCheck
        private var found = Result()
        private var windows: [UInt8: PixelRect] = [:]
        private var objectSizes: [UInt16: (width: Int, height: Int)] = [:]
        private var palettes: Set<UInt8> = []
        private var previousPTS: Int?
        /// What the coded data buffer's check needs of every display set.
        private var arrivals: [Arrival] = []
        /// The track's bytes read so far by `add(piece:)`, which later pieces' offsets count from.
        private var bytesRead = 0

        struct Arrival {
            var pts: Int
            var dts: Int
            var bytes: Int
            var offset: Int
        }

        public init(_ check: PGSDecoderCheck) { self.check = check }

        public mutating func add(_ sets: [PGSDisplaySet]) {
            for set in sets { add(set) }
        }

        /// Reads `piece`, the track's next bytes, without decoding its pictures, and adds its display
        /// sets, their byte offsets counted from the track's start.
        public mutating func add(piece: [UInt8]) throws(VideoError) {
            defer { bytesRead += piece.count }
            for var set in try PGSReader(decodesObjects: false).read(piece) {
                set.offset += bytesRead
                add(set)
            }
        }

        /// Every breach found, the coded data buffer's included.
        public var result: Result {
            var result = found
            check.checkCodedDataBuffer(arrivals, &result)
            return result
        }

        private mutating func add(_ set: PGSDisplaySet) {
            let (width, height) = (check.width, check.height)
            func problem(_ text: String) {
                found.problems.append(String(format: "display set at %.3f s (byte %d): ", Double(set.pts) / 90_000, set.offset) + text)
            }
            let pts = Int(set.pts), dts = Int(set.dts)
            let composition = set.composition
            let epochStart = composition.state == .epochStart
            if epochStart { windows = [:]; objectSizes = [:]; palettes = [] }
            if composition.width != width || composition.height != height {
                problem("the composition is \(composition.width)x\(composition.height), the video \(width)x\(height)")
            }
            // Windows: defined at the epoch start, the same in every later definition.
            if set.windows.count > PGSDecoderModel.maximumWindows { problem("\(set.windows.count) windows (at most 2)") }
            for window in set.windows {
                if let known = windows[window.id], known != window.rect, !epochStart {
                    problem("window \(window.id) changes from \(known) to \(window.rect) inside an epoch")
                }
                if window.rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) != window.rect {
                    problem("window \(window.id) \(window.rect) leaves the \(width)x\(height) plane")
                }
                windows[window.id] = window.rect
            }
            // Objects: one size per id in an epoch; at most 64 ids; the buffer holds each id's latest.
            var decodedPixels = 0
            for id in set.definedObjects {
                guard let bitmap = set.definedObjectSizes[id] else { continue }
                if let size = objectSizes[id], size != (bitmap.width, bitmap.height) {
                    problem("object \(id) changes size from \(size.width)x\(size.height) to \(bitmap.width)x\(bitmap.height) inside an epoch")
                }
                objectSizes[id] = (bitmap.width, bitmap.height)
                decodedPixels += bitmap.width * bitmap.height
            }
            if objectSizes.count > PGSDecoderModel.maximumObjects { problem("\(objectSizes.count) objects in the epoch (at most 64)") }
            let objectBytes = objectSizes.values.reduce(0) { $0 + $1.width * $1.height }
            found.peakObjectBytes = max(found.peakObjectBytes, objectBytes)
            if objectBytes > PGSDecoderModel.objectBufferBytes { problem("\(objectBytes) bytes of objects (the buffer holds 4 MiB)") }
            for palette in set.definedPalettes { palettes.insert(palette.id) }
            if palettes.count > PGSDecoderModel.maximumPalettes { problem("\(palettes.count) palettes in the epoch (at most 8)") }
            // Placements: at most two, each inside its window.
            if composition.placements.count > PGSDecoderModel.maximumObjectsShown { problem("\(composition.placements.count) objects shown (at most 2)") }
            for placement in composition.placements {
                guard let window = windows[placement.windowID] else { problem("object \(placement.objectID) placed in window \(placement.windowID), which is not defined"); continue }
                guard let size = objectSizes[placement.objectID] else { continue }
                let shown = placement.crop.map { PixelRect(x: placement.x, y: placement.y, width: $0.width, height: $0.height) }
                    ?? PixelRect(x: placement.x, y: placement.y, width: size.width, height: size.height)
                if shown.intersection(window) != shown { problem("object \(placement.objectID) at \(shown) leaves window \(placement.windowID) \(window)") }
            }
            // Time: decoded after the one before is shown, with time for its work.
            let windowPixels = set.windows.reduce(0) { $0 + $1.rect.area }
            let work: PGSDecoderModel.Work = epochStart ? .epochStart(objectPixels: decodedPixels, windowPixels: windowPixels)
                : composition.paletteUpdateOnly ? .paletteUpdate : .objectUpdate(objectPixels: decodedPixels, windowPixels: windowPixels)
            let needed = PGSDecoderModel.decodeTicks(work, width: width, height: height)
            if dts > pts { problem("DTS \(dts) after PTS \(pts)") }
            if pts - dts < needed { problem("\(pts - dts) ticks to decode, its work needs \(needed)") }
            if let previous = previousPTS {
                if pts <= previous { problem("PTS \(pts) not after the previous display set's \(previous)") }
                if dts < previous { problem("decoding starts at \(dts), before the previous display set is shown at \(previous)") }
            }
            let slack = pts - dts - needed
            if slack >= 0 { found.leastSlackTicks = found.leastSlackTicks < 0 ? slack : min(found.leastSlackTicks, slack) }
            previousPTS = pts
            arrivals.append(Arrival(pts: pts, dts: dts, bytes: set.segments.reduce(0) { $0 + PGSSegment.headerSize + $1.payload.count },
                                    offset: set.offset))
        }
    }

    /// Arrival as late as possible, from the last display set back: each one's bytes end arriving by its
    /// DTS and before the next one's start arriving; the buffer at a DTS holds that set's bytes and
    /// whatever of later sets has already arrived.
    fileprivate func checkCodedDataBuffer(_ sets: [Replay.Arrival], _ result: inout Result) {
        let rate = Double(PGSDecoderModel.transportBytesPerSecond) / 90_000  // bytes a tick
        let sizes = sets.map(\.bytes)
        var start = [Double](repeating: 0, count: sets.count)
        var nextStart = Double.infinity
        for n in sets.indices.reversed() {
            let finish = min(Double(sets[n].dts), nextStart)
            start[n] = finish - Double(sizes[n]) / rate
            nextStart = start[n]
        }
        for n in sets.indices {
            let t = Double(sets[n].dts)
            var held = sizes[n]
            var m = n + 1
            while m < sets.count, start[m] < t {
                held += min(sizes[m], Int((t - start[m]) * rate))
                m += 1
            }
            result.peakCodedBytes = max(result.peakCodedBytes, held)
            if held > PGSDecoderModel.codedDataBufferBytes {
                result.problems.append(String(format: "display set at %.3f s (byte %d): ", Double(sets[n].pts) / 90_000, sets[n].offset)
                    + "the coded data buffer holds \(held) bytes at its DTS (1 MiB at most; the track is over Rx's 2,000,000 bytes a second here)")
            }
        }
    }
}
