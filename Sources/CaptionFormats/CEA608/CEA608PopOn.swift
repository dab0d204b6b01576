import CaptionModel

extension CEA608Encoder {
    /// Pop-on: each caption's load (RCL, ENM, rows) goes into the frames between the previous EOC and
    /// its own, as late as it fits (the SCC line then reads load-then-EOC), skipping the two frames of
    /// the previous caption's EDM; its EOC lands on its start frame. If the load does not fit, it
    /// starts right after the previous EOC and the EOC follows it, late, with a warning.
    static func popOn(_ captions: [Caption], channel: CEA608Channel, clock: SCCClock, into schedule: inout CEA608Schedule) {
        // Every pair is known to within a few: eight frames of codes and an EDM a caption, two a row's
        // preamble (and tab offset), about one a cell. Growing the array instead copies it twice.
        schedule.pairs.reserveCapacity(captions.reduce(0) { total, caption in
            total + 10 + caption.screen.rows.reduce(0) { $0 + 4 + $1.tokens.count }
        })
        var scheduler = PopOnScheduler(channel: channel)
        for caption in captions { scheduler.add(caption, into: &schedule) }
        scheduler.finish(into: &schedule)
    }

    /// Pop-on for a long document in start order: the cues are laid out in chunks on the other cores
    /// while this thread times and schedules the chunks already laid out, so layout (most of the work)
    /// overlaps the scheduling instead of preceding it. The schedule is the one `popOn` makes from the
    /// whole list; nil for a short or unordered document, which takes the plain path.
    static func pipelinedPopOn(_ document: CaptionDocument, channel: CEA608Channel, clock: SCCClock) -> CEA608Schedule? {
        let events = document.events
        let chunk = 512
        guard events.count > 4 * chunk, isInOrder(events) else { return nil }
        let chunks = LayoutPipeline(events, chunk: chunk, mode: .popOn)
        var collector = CaptionCollector(mode: .popOn, clock: clock)
        var scheduler = PopOnScheduler(channel: channel)
        var schedule = CEA608Schedule()
        schedule.pairs.reserveCapacity(events.count * 64)
        for k in 0..<chunks.count {
            for (offset, layout) in chunks.take(k).enumerated() {
                let index = k * chunk + offset
                for caption in collector.add(events[index], index: index, layout: layout) { scheduler.add(caption, into: &schedule) }
            }
        }
        scheduler.finish(into: &schedule)
        schedule.diagnostics = collector.diagnostics + schedule.diagnostics
        return schedule
    }

    /// The pop-on schedule built one caption at a time: each caption loaded off screen (RCL, ENM, its
    /// rows) as late as fits before its start, around the previous caption's EDM, and swapped on by EOC
    /// at its start frame.
    struct PopOnScheduler {
        let eoc: [Bytes], edm: [Bytes], rcl: [Bytes], enm: [Bytes]
        let channel: CEA608Channel
        /// The first frame free after the previous caption's EOC, and when that caption should go.
        private var free = 0
        private var previousEnd: Int?
        private var units = Units()
        private var frames: [Int] = []

        init(channel: CEA608Channel) {
            self.channel = channel
            eoc = misc(.eoc, channel); edm = misc(.edm, channel); rcl = misc(.rcl, channel); enm = misc(.enm, channel)
        }

        mutating func add(_ caption: Caption, into schedule: inout CEA608Schedule) {
            units.removeAll()
            units.add(rcl); units.add(enm)
            addRows(caption.screen, channel: channel, to: &units)
            // The previous caption's EDM, when there is room for both its frames before this EOC;
            // otherwise this caption's EOC replaces it (at most a frame late).
            var obstacle: ClosedRange<Int>?
            if let end = previousEnd, end + 1 < caption.start { obstacle = end...end + 1 }
            var eocFrame = caption.start
            if !fitBackward(units, before: caption.start, notBefore: free, around: obstacle, frames: &frames) {
                var cursor = free, start = 0
                for end in units.ends {
                    let count = end - start
                    if let o = obstacle, cursor <= o.upperBound, cursor + count > o.lowerBound { cursor = o.upperBound + 1 }
                    for k in start..<end { frames[k] = cursor + k - start }
                    cursor += count; start = end
                }
                if let o = obstacle, cursor <= o.upperBound, cursor + 2 > o.lowerBound { cursor = o.upperBound + 1 }
                eocFrame = max(caption.start, cursor)
                if eocFrame > caption.start { schedule.diagnostics.append(late(caption, by: eocFrame - caption.start)) }
            }
            var pendingEDM = obstacle
            for (k, (a, b)) in units.pairs.enumerated() {
                if let o = pendingEDM, o.lowerBound < frames[k] { schedule.append(edm, from: o.lowerBound); pendingEDM = nil }
                schedule.pairs.append(CEA608Schedule.Pair(frame: frames[k], first: a, second: b))
            }
            if let o = pendingEDM { schedule.append(edm, from: o.lowerBound) }
            schedule.append(eoc, from: eocFrame)
            free = eocFrame + 2
            // A caption shown late still gets at least its EOC's two frames before it is erased.
            previousEnd = max(caption.end, free)
        }

        /// The last caption's EDM.
        func finish(into schedule: inout CEA608Schedule) {
            if let end = previousEnd { schedule.append(edm, from: end) }
        }
    }

    private static func fitBackward(_ units: Units, before start: Int, notBefore: Int, around obstacle: ClosedRange<Int>?,
                                    frames: inout [Int]) -> Bool {
        if frames.count < units.frames { frames += repeatElement(0, count: units.frames - frames.count) }
        var cursor = start - 1
        var end = units.frames
        for u in stride(from: units.ends.count - 1, through: 0, by: -1) {
            let begin = u == 0 ? 0 : units.ends[u - 1]
            let count = end - begin
            var low = cursor - count + 1
            if let o = obstacle, low <= o.upperBound, cursor >= o.lowerBound {
                cursor = o.lowerBound - 1
                low = cursor - count + 1
            }
            guard low >= notBefore else { return false }
            for k in begin..<end { frames[k] = low + k - begin }
            cursor = low - 1
            end = begin
        }
        return true
    }
}
