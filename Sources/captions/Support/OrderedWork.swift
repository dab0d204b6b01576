import Dispatch
import Foundation

/// Items worked on by a fixed number of threads (a bounded pool: at most `workers` at once), taken in
/// order. Each item's lines are printed once it and every item before it are done (its stderr lines,
/// then its stdout lines), so the log reads in item order whatever finished first. Used by
/// `golden check` (folders) and by the commands that take many files (`BatchFiles`).
enum OrderedWork {
    /// What one item prints: lines for stdout and for stderr.
    struct Lines: Sendable {
        var out: [String] = []
        var err: [String] = []
    }

    /// Runs `body` for items `0..<count` on `min(workers, count)` threads and returns the results in
    /// item order.
    static func run<T: Sendable>(count: Int, workers: Int, _ body: @Sendable (Int) -> (T, Lines)) -> [T] {
        guard count > 0 else { return [] }
        let printer = OrderedPrinter()
        let results = Slots<T>(count: count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            while true {
                let k = next.take()
                guard k < count else { return }
                let (result, lines) = body(k)
                results.set(k, result)
                printer.done(k, lines)
            }
        }
        return results.values
    }

    /// A line on stdout, written at once (a CI log shows each item as it finishes).
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Prints each item's lines in item order as soon as it and every item before it are done.
private final class OrderedPrinter: @unchecked Sendable {
    // Unchecked: `pending` and `next` are only touched under `lock`.
    private let lock = NSLock()
    private var pending: [Int: OrderedWork.Lines] = [:]
    private var next = 0

    func done(_ k: Int, _ lines: OrderedWork.Lines) {
        lock.withLock {
            pending[k] = lines
            while let ready = pending.removeValue(forKey: next) {
                for line in ready.err { CommandFailure.printError(line) }
                for line in ready.out { OrderedWork.emit(line) }
                next += 1
            }
        }
    }
}

/// One result per item, each written by one worker; read after all are done.
private final class Slots<T>: @unchecked Sendable {
    // Unchecked: `slots` is only touched under `lock`.
    private let lock = NSLock()
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ value: T) { lock.withLock { slots[k] = value } }
    var values: [T] { lock.withLock { slots.compactMap { $0 } } }
}

/// The next item for a worker to take.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take() -> Int { lock.withLock { defer { value += 1 }; return value } }
}
