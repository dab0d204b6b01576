/// Features a writer could not express, reported once per kind so nothing is dropped silently.
///
/// A kind noted while the writer says which event it is on (`event`) counts the events that lost it,
/// each event once however often it is noted for it, and reads
/// `37 events: \t animations dropped (SRT cannot hold them)`. A kind noted with no event set reads as
/// it always did, `SRT cannot carry word timings; dropped`: a writer that does not say which event it
/// is on cannot say how many. Parts of a document that are not events (an ASS script's Comment lines,
/// its `[Fonts]`) are noted with their own count (`note(_:count:)`).
struct LostFeatures: Sendable {
    private struct Entry: Sendable {
        var kind: String
        /// What became of it: dropped, unless a note said otherwise (`note(_:instead:)`).
        var outcome: String?
        /// Events that lost it, and the last one counted (so an event counts once).
        var events = 0
        var lastEvent = -1
        /// Things other than events that were lost (`note(_:count:)`).
        var items = 0
    }

    /// In order of first note: the order the warnings are printed in.
    private var entries: [Entry] = []
    /// The index in the document of the event being written; notes made while it is set count events.
    var event: Int?

    mutating func note(_ kind: String) { add(kind, outcome: nil) }

    /// A kind written some other way (`instead`: "written as its look-alike ⧵"), not dropped.
    mutating func note(_ kind: String, instead: String) { add(kind, outcome: instead) }

    /// `count` things that are not events (Comment lines, sections), all lost the same way.
    mutating func note(_ kind: String, count: Int, instead: String? = nil) {
        guard count > 0 else { return }
        let k = entry(kind)
        entries[k].items += count
        if let instead { entries[k].outcome = instead }
    }

    /// Another pass's notes after this one's (a later chunk of the same document). Chunks write
    /// disjoint ranges of events, so their counts add up.
    mutating func merge(_ other: LostFeatures) {
        for theirs in other.entries {
            let k = entry(theirs.kind)
            entries[k].events += theirs.events
            entries[k].lastEvent = max(entries[k].lastEvent, theirs.lastEvent)
            entries[k].items += theirs.items
            if let outcome = theirs.outcome { entries[k].outcome = outcome }
        }
    }

    func diagnostics(format: String) -> [Diagnostic] {
        entries.map { e in
            let outcome = e.outcome ?? "dropped"
            if e.events > 0 {
                return .warning(line: nil, "\(e.events) event\(e.events == 1 ? "" : "s"): \(e.kind) \(outcome) (\(format) cannot hold them)")
            }
            if e.items > 0 {
                return .warning(line: nil, "\(e.kind) (\(e.items)) \(outcome) (\(format) cannot hold them)")
            }
            return .warning(line: nil, "\(format) cannot carry \(e.kind); \(outcome)")
        }
    }

    private mutating func add(_ kind: String, outcome: String?) {
        let k = entry(kind)
        if let outcome { entries[k].outcome = outcome }
        if let event, entries[k].lastEvent != event {
            entries[k].events += 1
            entries[k].lastEvent = event
        }
    }

    /// The entry of `kind`, made if new. Kinds are few (a dozen at most), so a linear search is the fastest.
    private mutating func entry(_ kind: String) -> Int {
        if let k = entries.firstIndex(where: { $0.kind == kind }) { return k }
        entries.append(Entry(kind: kind))
        return entries.count - 1
    }
}
