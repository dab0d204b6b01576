import Dispatch
import Foundation

/// Formats a long run of events on every core while keeping the output in order and bounded.
///
/// Writers turn each event into bytes on its own (a cue's number comes from its index), so the events
/// are cut into chunks and formatted a round at a time (a chunk per core), each chunk into its own
/// in-memory sink. While a round is formatted, one more task hands the previous round's bytes to the
/// real sink in order (so the file writes overlap the formatting). Only two rounds' output is ever held
/// (a few megabytes), however long the file; and what each chunk noted (features the format could not
/// carry) is merged in chunk order, so the report is the same as one pass would give. Short documents are
/// written in one pass on the calling thread.
enum EventChunks {
    /// Events per chunk: large enough that a round's hand-over costs nothing beside formatting it.
    static let eventsPerChunk = 4096

    /// Calls `body` for consecutive ranges covering `0..<count`, each with its own sink, and appends each
    /// range's bytes to `sink` in order (one range, on the calling thread, for a short document or with
    /// `options.singleThreaded`). Returns what the ranges noted, folded together in order by `merge`.
    static func write<Notes>(count: Int, into sink: ByteSink, options: WriteOptions,
                             merge: (inout Notes, Notes) -> Void,
                             body: @escaping (Range<Int>, ByteSink) -> Notes) -> Notes {
        let workers = min(Cores.count, 8)
        guard workers > 1, count >= 2 * eventsPerChunk, !options.singleThreaded else { return body(0..<count, sink) }
        let rounds = ChunkRounds(workers: workers, count: count, sink: sink, body: body)
        var notes: Notes?
        var round = 0
        while rounds.prepare(round) {
            // Tasks 0..<workers format this round; task `workers` writes out the previous one.
            let current = round
            DispatchQueue.concurrentPerform(iterations: workers + 1) { k in rounds.run(k, round: current) }
            for result in rounds.results(of: round) {
                if notes == nil { notes = result } else { merge(&notes!, result) }
            }
            round += 1
        }
        rounds.handOver(round - 1)
        return notes!
    }
}

/// The chunks' sinks and results, in two sets: one being formatted, the other (the previous round)
/// being written out. During a round each task touches only its own sink and result slot (raw memory,
/// not an array: an array's mutating accessors are not safe from two threads at once), the real sink is
/// touched by the one writing task, and the document is only read; the caller reads the results after
/// the round, when `concurrentPerform` has returned.
private final class ChunkRounds<Notes>: @unchecked Sendable {
    let workers: Int
    let count: Int
    let sink: ByteSink
    let body: (Range<Int>, ByteSink) -> Notes
    private let buffers: [[ByteSink]]
    private var ranges: [[Range<Int>]]
    private let slots: UnsafeMutableBufferPointer<Notes?>

    init(workers: Int, count: Int, sink: ByteSink, body: @escaping (Range<Int>, ByteSink) -> Notes) {
        self.workers = workers
        self.count = count
        self.sink = sink
        self.body = body
        buffers = (0..<2).map { _ in (0..<workers).map { _ in ByteSink(capacity: 1 << 19) } }
        ranges = Array(repeating: [], count: 2)
        slots = .allocate(capacity: 2 * workers)
        slots.initialize(repeating: nil)
    }

    deinit { slots.deinitialize(); slots.deallocate() }

    /// Sets up `round`'s ranges; false when the events are all written.
    func prepare(_ round: Int) -> Bool {
        let first = round * workers * EventChunks.eventsPerChunk
        guard first < count else { return false }
        let set = round % 2
        ranges[set] = (0..<workers).map { k in
            let lower = min(count, first + k * EventChunks.eventsPerChunk)
            return lower..<min(count, lower + EventChunks.eventsPerChunk)
        }
        for k in 0..<workers {
            buffers[set][k].removeAll()
            slots[set * workers + k] = nil
        }
        return true
    }

    func run(_ k: Int, round: Int) {
        if k == workers {
            if round > 0 { handOver(round - 1) }
            return
        }
        let set = round % 2
        if !ranges[set][k].isEmpty { slots[set * workers + k] = body(ranges[set][k], buffers[set][k]) }
    }

    /// `round`'s bytes into the real sink, in order.
    func handOver(_ round: Int) {
        for buffer in buffers[round % 2] { buffer.withBytes { sink.write(through: $0) } }
    }

    func results(of round: Int) -> [Notes] {
        let set = round % 2
        return (0..<workers).compactMap { slots[set * workers + $0] }
    }
}
