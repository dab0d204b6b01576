import Dispatch

/// Fills one result per index on every core (`DispatchQueue.concurrentPerform`), each iteration
/// writing only its own slot, so no lock is needed; the results come back in index order. In the model
/// module so that every module can use it (the SCC writer's chunks, the sync search's frame rates).
public enum ParallelSlots {
    public static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = Slots<T>(count: count)
        defer { slots.release() }
        DispatchQueue.concurrentPerform(iterations: count) { k in (slots.buffer.baseAddress! + k).initialize(to: body(k)) }
        return Array(slots.buffer)
    }

    /// Memory for `count` results, initialized one by one by the iterations.
    private final class Slots<T>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<T>
        init(count: Int) { buffer = .allocate(capacity: count) }
        func release() {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }
}
