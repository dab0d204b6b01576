import CaptionModel
import CaptionRender

/// An epoch's looks as changes of its window's pixels: each look's pixels that differ from the look
/// before it (the first look's: every pixel it draws; a clear has none, and the look after a clear is
/// compared with the one before it). Made once per epoch, so that the colour histogram and each
/// colour-count candidate's runs (`PGSSchedule.runs`) cost what changes, not the window's area per look:
/// a karaoke fill changes a few thousand pixels a frame in a window of half a million.
///
/// Colours are kept as ordinals into `colours` (0 is transparent), so that a colour table applies to
/// a change by indexing an array instead of hashing the colour.
struct PGSWindowChanges {
    struct Change {
        /// The pixel's place in the window, row by row.
        var position: Int32
        /// The pixel's new colour: an index into `colours`.
        var colour: UInt32
    }

    let window: PixelRect
    /// Per look in epoch order: its changes, or nil for a clear.
    private(set) var looks: [[Change]?] = []
    /// Every colour the epoch's looks draw (`PGSPaletteRun.key`), transparent first.
    private(set) var colours: [UInt32]
    /// The histogram the epoch's colour table is cut from: each colour's count among the changes, so a
    /// long animation weighs what changes in it.
    private(set) var counts: [UInt32: Int] = [:]

    init(_ epoch: [PGSCaptionLooks.Look], window: PixelRect) {
        self.window = window
        var current = [UInt32](repeating: 0, count: window.area)
        var recorder = Recorder()
        // The window pixels the previous look drew in (only there can `current` be non-transparent).
        var drawn: PixelRect?
        for look in epoch {
            guard let image = look.image else { looks.append(nil); continue }
            let placed = PixelRect(x: look.x, y: look.y, width: image.width, height: image.height).intersection(window)
            let scanned = drawn.map { $0.union(placed) } ?? placed
            image.withUnsafePixels { p in
                let source = UnsafeRawPointer(p.baseAddress!)
                current.withUnsafeMutableBufferPointer { now in
                    for row in scanned.y..<scanned.maxY {
                        let start = (row - window.y) * window.width - window.x
                        // Outside the look's image the window is transparent.
                        let inside = row >= placed.y && row < placed.maxY
                        let drawnFrom = inside ? placed.x : scanned.maxX, drawnTo = inside ? placed.maxX : scanned.maxX
                        for column in scanned.x..<drawnFrom where now[start + column] != 0 {
                            now[start + column] = 0; recorder.record(start + column, 0)
                        }
                        if drawnFrom < drawnTo {
                            let offset = ((row - look.y) * image.width - look.x) * 4
                            for column in drawnFrom..<drawnTo {
                                var key = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: offset + column * 4, as: UInt32.self))
                                // A pixel with no alpha is transparent, whatever colour the compositing left in it.
                                if key < 0x0100_0000 { key = 0 }
                                guard now[start + column] != key else { continue }
                                now[start + column] = key; recorder.record(start + column, key)
                            }
                        }
                        for column in drawnTo..<scanned.maxX where now[start + column] != 0 {
                            now[start + column] = 0; recorder.record(start + column, 0)
                        }
                    }
                }
            }
            looks.append(recorder.take())
            drawn = placed
        }
        colours = recorder.colours
        for (ordinal, key) in colours.enumerated() where key != 0 { counts[key] = recorder.tally[ordinal] }
    }

    /// The changes of the look being read, and the epoch's colours so far with their counts.
    private struct Recorder {
        var colours: [UInt32] = [0]
        var tally: [Int] = [0]
        var ordinals: [UInt32: UInt32] = [0: 0]
        var changes: [Change] = []
        /// The last colour recorded: runs of one colour are looked up once.
        var last: (key: UInt32, ordinal: UInt32) = (0, 0)

        /// The pixel at `position` is now `key`.
        mutating func record(_ position: Int, _ key: UInt32) {
            if key != last.key {
                if let known = ordinals[key] {
                    last = (key, known)
                } else {
                    last = (key, UInt32(colours.count))
                    ordinals[key] = last.ordinal
                    colours.append(key)
                    tally.append(0)
                }
            }
            tally[Int(last.ordinal)] += 1
            changes.append(Change(position: Int32(position), colour: last.ordinal))
        }

        /// The look's changes, leaving none.
        mutating func take() -> [Change] {
            defer { changes = [] }
            return changes
        }
    }

    /// Each ordinal's colour through `table` (nil: the colours as they are).
    func mapped(through table: [UInt32: UInt32]?) -> [UInt32] {
        guard let table else { return colours }
        return colours.map { table[$0]! }
    }
}
