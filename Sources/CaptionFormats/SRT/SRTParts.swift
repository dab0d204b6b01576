import CaptionModel
import Foundation

/// Reads a long SRT file in parts, one per core, into one event array allocated once.
///
/// A part starts at an index line that follows a blank line and precedes a line with `-->`. A reader
/// arriving there has just finished its text (a blank line ends nothing but resets skipping, and an
/// index followed by a timing line always starts a cue), so a fresh reader starting there reads what
/// one reader would: the same events, and the same warnings once line numbers are offset.
///
/// The array is sized by the arrows in the whole file (as the single reader sized it); part k writes
/// from the count of arrows before it, and the parts are then moved together. No second array: parse
/// memory stays what it was.
enum SRTParts {
    struct Read {
        var events: [CaptionEvent]
        var lines: [Int32]
        var diagnostics: [Diagnostic]
        var sawCueStart: Bool
    }

    /// Below this, one reader: splitting costs more than it saves.
    static let minimumPartSize = 1 << 20

    /// `parts` (tests) asks for that many parts whatever the size.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, input: InputBytes, parts wanted: Int? = nil) -> Read {
        let parts = split(bytes, into: wanted ?? min(Cores.count, 8, bytes.count / minimumPartSize))
        let state = PartState(bytes: bytes, parts: parts, input: input)
        // Counting arrows first lets the event array be allocated once, at its final size.
        DispatchQueue.concurrentPerform(iterations: parts.count) { state.countArrows($0) }
        var total = 0
        state.starts = parts.indices.map { k in
            let start = total
            total += state.arrows[k]
            return start
        }
        var read = Read(events: [], lines: [], diagnostics: [], sawCueStart: false)
        // At least one slot, so every part has an address to write from even when none has a cue.
        read.lines = [Int32](unsafeUninitializedCapacity: max(total, 1)) { lines, linesInitialized in
            read.events = [CaptionEvent](unsafeUninitializedCapacity: max(total, 1)) { events, initialized in
                state.out = events.baseAddress
                state.linesOut = lines.baseAddress
                DispatchQueue.concurrentPerform(iterations: parts.count) { state.parse($0) }
                // Move each part's events and lines down onto the end of the part before (the regions
                // may overlap), its line numbers counted from the file's first line.
                var end = 0, lineOffset = 0
                for k in parts.indices {
                    let reader = state.readers[k]!, start = state.starts[k], produced = reader.produced
                    if start != end, produced > 0 {
                        (events.baseAddress! + end).moveInitialize(from: events.baseAddress! + start, count: produced)
                        (lines.baseAddress! + end).moveInitialize(from: lines.baseAddress! + start, count: produced)
                    }
                    if lineOffset > 0 { for i in end..<(end + produced) { lines[i] += Int32(clamping: lineOffset) } }
                    read.diagnostics += reader.diagnostics.map { d in
                        var d = d
                        d.line = d.line.map { $0 + lineOffset }
                        return d
                    }
                    read.sawCueStart = read.sawCueStart || reader.sawCueStart
                    end += produced
                    lineOffset += reader.lineCount
                }
                initialized = end
            }
            linesInitialized = read.events.count
        }
        return read
    }

    /// The input cut into at most `n` parts of about equal size, each after the first starting at an
    /// index line that follows a blank line and precedes a line with `-->`. One part for a file with a
    /// bare CR (its line count would not be its LFs) or when no such place is found.
    static func split(_ b: UnsafeBufferPointer<UInt8>, into n: Int) -> [Range<Int>] {
        // A bare CR anywhere: one part.
        guard n > 1, let base = b.baseAddress, !LineScanner.carriageReturns(in: b).bare else { return [0..<b.count] }
        let count = b.count
        func lineEnd(from p: Int) -> Int {
            guard p < count, let lf = memchr(base + p, 0x0A, count - p) else { return count }
            return UnsafePointer<UInt8>(lf.assumingMemoryBound(to: UInt8.self)) - base
        }
        var starts = [0]
        for k in 1..<n {
            var p = max(k * count / n, starts.last! + 1)
            var found: Int?
            while p < count, found == nil {
                let lf = lineEnd(from: p)
                guard lf < count else { break }
                p = lf + 1
                // The line after this LF is blank (LF or CR LF)?
                var q = lf + 1
                if q < count, b[q] == 0x0D { q += 1 }
                guard q < count, b[q] == 0x0A else { continue }
                let indexStart = q + 1, indexEnd = lineEnd(from: indexStart)
                let index = indexStart..<(indexEnd > indexStart && b[indexEnd - 1] == 0x0D ? indexEnd - 1 : indexEnd)
                guard indexEnd < count, SRTReader.isIndex(b, index), b.containsArrow(in: (indexEnd + 1)..<lineEnd(from: indexEnd + 1)) else { continue }
                found = indexStart
            }
            guard let found else { break }
            starts.append(found)
        }
        return starts.indices.map { i in starts[i]..<(i + 1 < starts.count ? starts[i + 1] : count) }
    }
}

/// What the parts share while they are read. Each part writes only its own entries (through raw
/// storage, not an array property, which concurrent writers would trip exclusivity checks on) and its
/// own slots of the event array, so the unchecked sendability holds.
private final class PartState: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let parts: [Range<Int>]
    let input: InputBytes
    let arrows: UnsafeMutableBufferPointer<Int>
    let readers: UnsafeMutableBufferPointer<SRTReader?>
    /// Where each part's events start in the event array: the arrows before it. Set between the phases.
    var starts: [Int] = []
    var out: UnsafeMutablePointer<CaptionEvent>?
    var linesOut: UnsafeMutablePointer<Int32>?

    init(bytes: UnsafeBufferPointer<UInt8>, parts: [Range<Int>], input: InputBytes) {
        self.bytes = bytes; self.parts = parts; self.input = input
        arrows = .allocate(capacity: parts.count)
        arrows.initialize(repeating: 0)
        readers = .allocate(capacity: parts.count)
        readers.initialize(repeating: nil)
    }

    deinit {
        arrows.deallocate()
        _ = readers.deinitialize()
        readers.deallocate()
    }

    func part(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[parts[k]]) }

    func countArrows(_ k: Int) {
        arrows[k] = part(k).countArrows(releasing: input, at: parts[k].lowerBound)
    }

    func parse(_ k: Int) {
        var reader = SRTReader(part: part(k), input: input, at: parts[k].lowerBound, out: out! + starts[k], lines: linesOut! + starts[k])
        reader.run()
        readers[k] = reader
    }
}
