import Foundation

/// Values by key, shared between threads, forgotten all at once when `limit` is reached: for work a
/// page's frames (or a script's words) ask for again and again, where keeping the newest entries
/// exactly is not worth the bookkeeping.
package final class BoundedMemo<Key: Hashable, Value>: @unchecked Sendable {
    private var entries: [Key: Value] = [:]
    private let lock = NSLock()
    private let limit: Int

    package init(limit: Int) { self.limit = limit }

    /// The value for `key`, made (outside the lock) and kept when new; a nil from `make` is not kept.
    package func value(_ key: Key, orMake make: () -> Value?) -> Value? {
        if let hit = lock.withLock({ entries[key] }) { return hit }
        guard let made = make() else { return nil }
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
        }
        return made
    }

    package func value(_ key: Key, orMake make: () -> Value) -> Value {
        value(key, orMake: { Optional(make()) })!
    }
}
