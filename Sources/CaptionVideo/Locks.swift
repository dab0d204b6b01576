import Foundation

/// A mutex with a closure API (Foundation's NSLock, named for what it guards).
final class NSLockLike: @unchecked Sendable {
    private let lock = NSLock()
    func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A blocking queue with a capacity: the pipeline's stages hand frames through these, so a fast stage
/// waits for a slow one and memory stays flat however long the video is. Closing wakes everyone:
/// `push` then returns false and `pop` drains what is left, then returns nil.
final class BoundedQueue<Element>: @unchecked Sendable {
    // Unchecked: all state is guarded by the condition's lock.
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count >= capacity { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.isEmpty { condition.wait() }
        guard !items.isEmpty else { return nil }
        // Removed, not just passed over: a popped frame must not stay referenced (3 MB each).
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

/// The first error any stage hit; later ones are consequences.
final class FirstError: @unchecked Sendable {
    private let lock = NSLockLike()
    private var error: VideoError?

    func record(_ e: VideoError) { lock.run { if error == nil { error = e } } }
    var value: VideoError? { lock.run { error } }
}
