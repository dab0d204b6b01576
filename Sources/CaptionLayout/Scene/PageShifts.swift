import CaptionModel
import Foundation

/// The vertical shift `PageStacking` gave each stacked page, by the page's times, text and named
/// style (a page the list holds twice stacks the same way twice). Guarded by a lock: drawing threads
/// read it while the renderer is shared.
final class PageShifts: @unchecked Sendable {
    private struct Key: Hashable { var start: Int; var end: Int; var text: String; var style: String? }
    private var shifts: [Key: Double] = [:]
    private let lock = NSLock()

    private static func key(_ page: CaptionEvent) -> Key {
        Key(start: page.start, end: page.end, text: page.text.plain, style: page.style)
    }

    /// Replaces every shift with these (pages without one stand where they would alone).
    func set(_ entries: [(page: CaptionEvent, shift: Double)]) {
        var table: [Key: Double] = [:]
        for (page, shift) in entries where shift != 0 { table[Self.key(page)] = shift }
        lock.withLock { shifts = table }
    }

    func shift(of page: CaptionEvent) -> Double {
        lock.withLock { shifts.isEmpty ? 0 : shifts[Self.key(page)] ?? 0 }
    }
}
