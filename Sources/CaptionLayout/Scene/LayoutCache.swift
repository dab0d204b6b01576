import CaptionModel
import Foundation

/// Layouts by caption, so a caption is shaped once however many frames show it.
final class LayoutCache: @unchecked Sendable {
    /// The event's named style too: a secondary caption with the same times and text as a main one is
    /// laid out in another style. Its spans (the words' italic and bold) and placement place it too:
    /// kept by reference, so the key costs no copy per frame.
    private struct Key: Hashable {
        var start: Int; var end: Int; var text: String; var words: [String]; var spans: [TextSpan]; var style: String?
        var placement: CuePlacement?
    }
    private var entries: [Key: TextLayout] = [:]
    private var seenWarnings: [String] = []
    private let lock = NSLock()

    var warnings: [String] { lock.withLock { seenWarnings } }

    func layout(for event: CaptionEvent, words: [String], make: () throws(FontError) -> TextLayout) throws(FontError) -> TextLayout {
        let key = Key(start: event.start, end: event.end, text: event.text.plain, words: words, spans: event.spans, style: event.style,
                      placement: event.placement)
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let layout = try make()
        lock.withLock {
            if entries.count > 4096 { entries.removeAll(keepingCapacity: true) }
            entries[key] = layout
            for warning in layout.warnings.map({ "\($0)" }) where !seenWarnings.contains(warning) { seenWarnings.append(warning) }
        }
        return layout
    }
}
