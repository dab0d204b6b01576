import Foundation

/// Work done by a fixed set of threads, one per worker, as it is submitted: `submit` waits while
/// `capacity` items are queued, so a producer faster than the workers (a decoder ahead of Tesseract)
/// holds no more than that many items besides the ones being worked on. Results come back in the
/// order the items were submitted.
final class RecognitionQueue<Item, Result>: @unchecked Sendable {
    // Every stored property is read and written under `condition` only, apart from `work`, which is set
    // once and let go in `finish` once every worker has stopped.
    private let condition = NSCondition()
    private var queued: [(index: Int, item: Item)] = []
    private var results: [Result?] = []
    private var closed = false
    private var running: Int
    private let capacity: Int
    private var work: ((Int, Item) -> Result)?
    /// The most items queued at once (not counting those being worked on): for tests.
    private var mostQueuedSoFar = 0

    /// Starts `workers` threads; `work(w, item)` runs on worker `w`'s thread only, so it may use what
    /// belongs to that worker (a recogniser) without a lock.
    init(workers: Int, capacity: Int, work: @escaping (Int, Item) -> Result) {
        running = workers
        self.capacity = max(1, capacity)
        self.work = work
        for w in 0..<workers {
            let thread = Thread { [self] in run(worker: w) }
            // Tesseract's recursion wants more than a secondary thread's default stack.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    /// Queues `item`, first waiting while the queue is full.
    func submit(_ item: Item) {
        condition.lock()
        while queued.count >= capacity { condition.wait() }
        queued.append((results.count, item))
        results.append(nil)
        mostQueuedSoFar = max(mostQueuedSoFar, queued.count)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for every item to be worked on and the workers to stop; the results in submission order.
    func finish() -> [Result] {
        condition.lock()
        closed = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        let done = results.map { $0! }
        // What the work holds (a Tesseract recogniser per worker) goes now, on this thread: a worker's
        // thread lets the queue go only as it ends, which may be after the process has begun to exit,
        // and Tesseract's model cache then reports every model still held as a leak on stderr.
        work = nil
        condition.unlock()
        return done
    }

    var mostQueued: Int {
        condition.lock()
        defer { condition.unlock() }
        return mostQueuedSoFar
    }

    private func run(worker w: Int) {
        while true {
            condition.lock()
            while queued.isEmpty && !closed { condition.wait() }
            guard !queued.isEmpty else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let (index, item) = queued.removeFirst()
            condition.broadcast()
            condition.unlock()
            let result = work!(w, item)
            condition.lock()
            results[index] = result
            condition.unlock()
        }
    }
}
