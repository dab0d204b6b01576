import CaptionModel
import CaptionRender

/// The display sets of a track being written, epoch by epoch, each placed at its look's frame with
/// its decode time before it (`PGSDecoderModel`), merging what cannot be decoded in time (see
/// `PGSTrackWriter`).
struct PGSSchedule {
    let width: Int
    let height: Int
    let frameRate: FrameRate
    let matrix: ColorMatrix
    private(set) var report = PGSTrackWriter.Report()

    enum Kind { case epochStart, objectUpdate, paletteUpdate, clear }

    /// A display set written: its times and segments, kept until they are final (`takeFinished`)
    /// because an epoch start or a clear may still merge it away.
    struct Written {
        var kind: Kind
        var pts: Int
        var segments: [PGSSegment]
    }

    private var written: [Written] = []
    private var number: UInt16 = 0

    init(width: Int, height: Int, frameRate: FrameRate, matrix: ColorMatrix) {
        self.width = width; self.height = height; self.frameRate = frameRate; self.matrix = matrix
    }

    /// The segments of every display set not taken yet.
    var segments: [PGSSegment] { written.flatMap(\.segments) }

    /// The segments of the display sets that can no longer change, removed from the schedule: those
    /// before the last epoch start. Only updates after the last epoch start or clear can still be
    /// merged away (`makeRoom` stops at either), and a piece that starts with an epoch start can be read
    /// back on its own (it needs no palette or object from before it).
    mutating func takeFinished() -> [PGSSegment] {
        guard let last = written.lastIndex(where: { $0.kind == .epochStart }), last > 0 else { return [] }
        defer { written.removeFirst(last) }
        return written[..<last].flatMap(\.segments)
    }

    /// The PTS of `frame`: its start on the 90 kHz clock, rounded down so that the display set is never
    /// after the frame it belongs to (23.976 fps frames are 3753.75 ticks apart).
    func ticks(frame: Int) -> Int { frame * 90_000 * frameRate.denominator / frameRate.numerator }

    /// Adds one epoch: its looks in frame order, the first showing something (a look showing nothing
    /// is a clear).
    mutating func add(epoch looks: [PGSCaptionLooks.Look], quantizer: PGSQuantizer, colours: Int) {
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        var union: PixelRect?
        for look in looks {
            guard let image = look.image else { continue }
            let rect = PixelRect(x: look.x, y: look.y, width: image.width, height: image.height)
            union = union.map { $0.union(rect) } ?? rect
        }
        guard let window = union?.intersection(screen), !window.isEmpty else { return }
        report.epochs += 1
        // The segment makers below run inside `place`, which mutates self: they see copies.
        let (width, height, matrix) = (self.width, self.height, self.matrix)

        // The epoch starts at its first look's frame, or later if its decoding cannot end by then; it
        // then shows the last look due by that time.
        let startDecode = PGSDecoderModel.decodeTicks(.epochStart(objectPixels: window.area, windowPixels: window.area), width: width, height: height)
        let startPTS = makeRoom(at: ticks(frame: looks[0].frame), decode: startDecode)
        var first = 0
        while first + 1 < looks.count, looks[first + 1].image != nil, ticks(frame: looks[first + 1].frame) <= startPTS { first += 1 }
        report.merged += first

        let (runs, plan) = Self.runs(Array(looks.dropFirst(first)), window: window, quantizer: quantizer, colours: colours, report: &report)

        /// True while the run's object has not been sent (its first display set was merged away).
        var objectPending = false
        var paletteVersion: UInt8 = 0
        var objectVersion: UInt8 = 0
        for (step, planned) in plan.enumerated() {
            let k = step + first
            let pts = k == first ? startPTS : ticks(frame: looks[k].frame)
            guard let planned else {
                let decode = PGSDecoderModel.decodeTicks(.objectUpdate(objectPixels: 0, windowPixels: window.area), width: width, height: height)
                place(.clear, pts: makeRoom(at: pts, decode: decode), decode: decode) { number in
                    [PGSSegment(.composition, pts: 0, dts: 0, payload: PGSComposition(width: width, height: height, number: number, state: .normal, placements: []).payload),
                     PGSSegment(.window, pts: 0, dts: 0, payload: PGSWindow.payload([PGSWindow(id: 0, rect: window)]))]
                }
                continue
            }
            let run = runs[planned.run]
            let kind: Kind = k == first ? .epochStart : planned.index == 0 || objectPending ? .objectUpdate : .paletteUpdate
            let work: PGSDecoderModel.Work = switch kind {
            case .epochStart: .epochStart(objectPixels: window.area, windowPixels: window.area)
            case .objectUpdate: .objectUpdate(objectPixels: window.area, windowPixels: window.area)
            default: .paletteUpdate
            }
            let decode = PGSDecoderModel.decodeTicks(work, width: width, height: height)
            // An update that cannot be decoded after the display set before it is merged into the next.
            if kind != .epochStart, let last = written.last, last.pts > pts - decode || last.pts >= pts {
                report.merged += 1
                if kind == .objectUpdate { objectPending = true }
                continue
            }
            place(kind, pts: pts, decode: decode) { number in
                let composition = PGSComposition(width: width, height: height, number: number,
                                                 state: kind == .epochStart ? .epochStart : .normal, paletteUpdateOnly: kind == .paletteUpdate,
                                                 placements: [.init(objectID: 0, windowID: 0, x: window.x, y: window.y)])
                var segments = [PGSSegment(.composition, pts: 0, dts: 0, payload: composition.payload)]
                if kind != .paletteUpdate {
                    segments.append(PGSSegment(.window, pts: 0, dts: 0, payload: PGSWindow.payload([PGSWindow(id: 0, rect: window)])))
                }
                let palette = PGSPalette(id: 0, version: paletteVersion, entries: run.entries(look: planned.index, matrix: matrix))
                segments.append(PGSSegment(.palette, pts: 0, dts: 0, payload: palette.payload))
                if kind != .paletteUpdate {
                    for payload in PGSObject(id: 0, version: objectVersion, bitmap: run.bitmap).payloads {
                        segments.append(PGSSegment(.object, pts: 0, dts: 0, payload: payload))
                    }
                }
                return segments
            }
            paletteVersion &+= 1
            if kind != .paletteUpdate { objectVersion &+= 1 }
            objectPending = false
        }
    }

    /// The epoch's looks as runs sharing an object (`PGSPaletteRun`), and each look's run and place
    /// in it (nil: the clear). The runs are built whole before anything is sent: a run's object goes out
    /// at its first look, but its indices are final only once its last look is in.
    ///
    /// The colours: one table for the whole epoch, so that a pixel that does not change keeps its colour
    /// and its index from look to look. Fewer colours leave more palette indices free for changes, so
    /// more changes are palette updates instead of new objects; more colours are closer to the render.
    /// The epoch takes the most colours (64, 128, then `colours`) that need at most one object (or 10 %)
    /// more than 64 colours do. Measured on the presets (PGSTrackWriterTests, 360x640): 64 colours are
    /// 40-47 dB from the render, 128 are 47-53 dB, 255 are 53-59 dB; highlight-by-word needs 4 objects
    /// at 255 colours and none at 128, background-by-word 4 at 128 and none at 64.
    static func runs(_ looks: [PGSCaptionLooks.Look], window: PixelRect, quantizer: PGSQuantizer, colours: Int,
                     report: inout PGSTrackWriter.Report) -> (runs: [PGSPaletteRun], plan: [(run: Int, index: Int)?]) {
        let changes = PGSWindowChanges(looks, window: window)
        func build(_ k: Int) -> (runs: [PGSPaletteRun], plan: [(run: Int, index: Int)?], reduced: Bool) {
            let table = quantizer.table(changes.counts, colours: k)
            let colour = changes.mapped(through: table)
            var runs: [PGSPaletteRun] = []
            var plan: [(run: Int, index: Int)?] = []
            // The look so far through the table: the first look of a run is sent whole.
            var current = [UInt32](repeating: 0, count: window.area)
            // After a clear the object is placed again: a new run (a palette update shows no object).
            var cleared = false
            for look in changes.looks {
                guard let look else { plan.append(nil); cleared = true; continue }
                // Only the pixels whose colour through the table changes (two colours can share an entry).
                var moved: [PGSPaletteRun.Change] = []
                moved.reserveCapacity(look.count)
                current.withUnsafeMutableBufferPointer { now in
                    for change in look {
                        let new = colour[Int(change.colour)]
                        guard now[Int(change.position)] != new else { continue }
                        now[Int(change.position)] = new
                        moved.append(PGSPaletteRun.Change(position: change.position, colour: new))
                    }
                }
                if runs.isEmpty || cleared || !runs[runs.count - 1].append(moved) {
                    runs.append(PGSPaletteRun(window: window, look: current, quantizer: quantizer))
                }
                cleared = false
                plan.append((runs.count - 1, runs[runs.count - 1].count - 1))
            }
            return (runs, plan, table != nil)
        }
        let sizes = changes.counts.count > 64 ? [64, 128, colours].filter { $0 <= colours } : [64]
        var best = build(sizes[0])
        let fewest = best.runs.count
        for k in sizes.dropFirst() {
            let candidate = build(k)
            guard candidate.runs.count <= fewest + max(1, fewest / 10) else { break }
            best = candidate
        }
        if best.reduced { report.quantized += 1 }
        return (best.runs, best.plan)
    }

    /// The earliest PTS at or after `wanted` at which a display set that cannot be left out (an epoch
    /// start, a clear), taking `decode` ticks, can be decoded: updates before it that are in the way
    /// are merged away first; then it waits for the display set before it, and for the clock's start.
    private mutating func makeRoom(at wanted: Int, decode: Int) -> Int {
        func blocks(_ w: Written, _ pts: Int) -> Bool { w.pts > pts - decode || w.pts >= pts }
        while let previous = written.last, blocks(previous, wanted), previous.kind == .objectUpdate || previous.kind == .paletteUpdate {
            written.removeLast()
            report.merged += 1
            report.displaySets -= 1
            if previous.kind == .objectUpdate { report.objectUpdates -= 1 } else { report.paletteUpdates -= 1 }
        }
        var frame = frameRate.frame(at: wanted / 90)
        while ticks(frame: frame) < wanted { frame += 1 }
        while ticks(frame: frame) < decode || written.last.map({ blocks($0, ticks(frame: frame)) }) ?? false { frame += 1 }
        if ticks(frame: frame) != wanted { report.late += 1 }
        return ticks(frame: frame)
    }

    /// Writes a display set of `kind` at `pts`, its DTS `decode` ticks before; `segments` makes its
    /// segments before END (their times are set here), given the composition number.
    private mutating func place(_ kind: Kind, pts: Int, decode: Int, segments: (UInt16) -> [PGSSegment]) {
        var body = segments(number) + [PGSSegment(.end, pts: 0, dts: 0, payload: [])]
        for i in body.indices { body[i].pts = UInt32(clamping: pts); body[i].dts = UInt32(clamping: pts - decode) }
        written.append(Written(kind: kind, pts: pts, segments: body))
        number &+= 1
        report.displaySets += 1
        switch kind {
        case .epochStart: break
        case .objectUpdate: report.objectUpdates += 1
        case .paletteUpdate: report.paletteUpdates += 1
        case .clear: report.clears += 1
        }
    }
}
