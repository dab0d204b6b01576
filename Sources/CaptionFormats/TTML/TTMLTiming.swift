import CaptionModel

/// TTML's timing model over the body: each element's active interval in media time.
///
/// A child's `begin` and `end` count from its parent's begin in a `par` container (the default), and
/// from the end of the previous sibling in a `seq` container; `dur` counts from the element's own
/// begin, and with both `end` and `dur` the earlier wins. Nothing is active beyond its parent's end.
/// An element that sets neither `end` nor `dur` lasts as long as its children do when it has timed
/// children (a container's implicit duration), and otherwise until its parent ends. `Int.max` is an
/// end that nothing resolves (an untimed document).
struct TTMLTiming {
    static let indefinite = Int.max
    /// Elements outside the content's timing.
    static let untimed: Set<String> = ["metadata", "set", "animate", "animation"]

    let timeBase: TTMLTimeBase
    /// Every time counts from the start of the media, whatever the nesting: Apple's lyric TTML
    /// (`itunes:timing` on the root) writes times so, against TTML's relative timing.
    var absolute = false
    /// Intervals by element.
    private(set) var intervals: [ObjectIdentifier: (begin: Milliseconds, end: Milliseconds)] = [:]
    /// Bad time expressions, by element: reported, and the element skipped.
    private(set) var problems: [(line: Int, message: String)] = []
    /// Every time a begin or end resolved to, for documents whose content never ends.
    private(set) var latestResolved: Milliseconds = 0

    init(timeBase: TTMLTimeBase) { self.timeBase = timeBase }

    mutating func resolve(_ body: XMLElement) {
        _ = visit(body, reference: 0, parentEnd: Self.indefinite)
    }

    func interval(_ element: XMLElement) -> (begin: Milliseconds, end: Milliseconds)? { intervals[ObjectIdentifier(element)] }

    /// Resolves `element` and its descendants; returns its end (for a `seq` parent's next child), or
    /// nil when the element is skipped.
    private mutating func visit(_ element: XMLElement, reference: Milliseconds, parentEnd: Milliseconds) -> Milliseconds? {
        func time(_ attribute: String) -> Milliseconds?? {
            guard let text = element[attribute] else { return .some(nil) }
            guard let ms = timeBase.milliseconds(text) else {
                problems.append((element.line, "<\(element.name)>: \(attribute) '\(text)' is not a TTML time expression (00:00:01.500, 00:00:01:12, 4.25s, 8000ms, 25f, 100t); skipped"))
                return .none
            }
            return .some(ms)
        }
        guard let beginOffset = time("begin"), let endOffset = time("end"), let duration = time("dur") else { return nil }
        let origin = absolute && beginOffset != nil ? 0 : reference
        let begin = Self.add(origin, beginOffset ?? 0)
        var end = Self.indefinite
        if let endOffset { end = Self.add(absolute ? 0 : reference, endOffset) }
        if let duration { end = min(end, Self.add(begin, duration)) }
        if end < begin {
            problems.append((element.line, "<\(element.name)>: it ends (\(Self.format(end))) before it begins (\(Self.format(begin))); skipped"))
            return nil
        }
        let explicit = endOffset != nil || duration != nil
        if begin != Self.indefinite, begin != 0 || explicit {
            latestResolved = max(latestResolved, begin, explicit && end != Self.indefinite ? end : 0)
        }

        // Children first, against this element's explicit end (or its parent's).
        let bound = min(end, parentEnd)
        let sequential = element["timeContainer"] == "seq"
        var previousEnd = begin
        var childrenEnd: Milliseconds?
        // Only content takes part in timing: metadata (and animation, which changes style, not text) does not.
        for child in element.elements where !Self.untimed.contains(child.name) {
            let start = sequential ? previousEnd : begin
            guard let childEnd = visit(child, reference: start, parentEnd: bound) else { continue }
            previousEnd = childEnd
            if child.hasTiming { childrenEnd = max(childrenEnd ?? 0, childEnd) }
        }
        // Implicit durations: a `seq` container ends with its last child (at once when its children are
        // only text, which TTML gives no duration there); a `par` one with its last timed child, and
        // untimed text lasts until its parent ends.
        if !explicit {
            if sequential { end = previousEnd } else if let childrenEnd { end = childrenEnd }
        }
        let clippedEnd = min(end, parentEnd)
        intervals[ObjectIdentifier(element)] = (begin, max(begin, clippedEnd))
        return end
    }

    /// Addition where an indefinite time stays indefinite (a `seq` child after one that never ends).
    static func add(_ a: Milliseconds, _ b: Milliseconds) -> Milliseconds {
        guard a != indefinite, b != indefinite else { return indefinite }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum > indefinite / 2 ? indefinite : sum
    }

    static func format(_ ms: Milliseconds) -> String {
        ms == indefinite ? "indefinite" : ASSTime.clock(ms)
    }
}

extension XMLElement {
    /// Whether the element or one of its descendants sets a time.
    var hasTiming: Bool {
        attributes["begin"] != nil || attributes["end"] != nil || attributes["dur"] != nil || elements.contains { $0.hasTiming }
    }
}
