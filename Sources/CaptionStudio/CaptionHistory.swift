import CaptionModel

/// The captions' undo and redo stacks: each state the page replaced, newest last. A state is the
/// edited document, or nil for the captions as read (undoing every edit brings back the source itself,
/// so saving then writes what an unedited session writes). Documents share their events' storage until
/// changed, so a step costs an array of events, not a copy of every string.
struct CaptionHistory {
    /// At least the 100 steps the studio promises; beyond this the oldest are forgotten.
    static let limit = 500

    private(set) var undoStates: [CaptionDocument?] = []
    private(set) var redoStates: [CaptionDocument?] = []

    /// `previous` is being replaced by an edit: it becomes the undo step, and what was undone is gone.
    mutating func record(_ previous: CaptionDocument?) {
        undoStates.append(previous)
        if undoStates.count > Self.limit { undoStates.removeFirst(undoStates.count - Self.limit) }
        redoStates.removeAll()
    }

    /// The state before `current`, which becomes the redo step; nil when there is nothing to undo.
    mutating func undo(from current: CaptionDocument?) -> CaptionDocument?? {
        guard let previous = undoStates.popLast() else { return nil }
        redoStates.append(current)
        return .some(previous)
    }

    /// The state `current` was undone from, which becomes the undo step again; nil when there is none.
    mutating func redo(from current: CaptionDocument?) -> CaptionDocument?? {
        guard let next = redoStates.popLast() else { return nil }
        undoStates.append(current)
        return .some(next)
    }

    var counts: (undo: Int, redo: Int) { (undoStates.count, redoStates.count) }
}
