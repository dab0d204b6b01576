import CaptionModel

extension CEA608Encoder {
    /// Pop-on: each caption's load (RCL, ENM, rows) goes into the frames between the previous EOC and
    /// its own, as late as it fits (the SCC line then reads load-then-EOC), skipping the two frames of
    /// the previous caption's EDM; its EOC lands on its start frame. If the load does not fit, it
    /// starts right after the previous EOC and the EOC follows it, late, with a warning.
    static func popOn(_ captions: [Caption], channel: CEA608Channel, clock: SCCClock, into schedule: inout CEA608Schedule) {
        let eoc = misc(.eoc, channel), edm = misc(.edm, channel)
        let opening = [misc(.rcl, channel), misc(.enm, channel)]
        // The first frame free after the previous caption's EOC, and when that caption should go.
        var free = 0
        var previousEnd: Int?
        var placed: [(frame: Int, unit: [Bytes])] = []
        for caption in captions {
            let units = opening + rowUnits(caption.screen, channel: channel)
            // The previous caption's EDM, when there is room for both its frames before this EOC;
            // otherwise this caption's EOC replaces it (at most a frame late).
            var obstacle: ClosedRange<Int>?
            if let end = previousEnd, end + 1 < caption.start { obstacle = end...end + 1 }
            placed.removeAll(keepingCapacity: true)
            var eocFrame = caption.start
            if !fitBackward(units, before: caption.start, notBefore: free, around: obstacle, into: &placed) {
                placed.removeAll(keepingCapacity: true)
                var cursor = free
                for unit in units {
                    if let o = obstacle, cursor <= o.upperBound, cursor + unit.count > o.lowerBound { cursor = o.upperBound + 1 }
                    placed.append((cursor, unit)); cursor += unit.count
                }
                if let o = obstacle, cursor <= o.upperBound, cursor + 2 > o.lowerBound { cursor = o.upperBound + 1 }
                eocFrame = max(caption.start, cursor)
                if eocFrame > caption.start { schedule.diagnostics.append(late(caption, by: eocFrame - caption.start)) }
            }
            if let o = obstacle { placed.append((o.lowerBound, edm)) }
            placed.sort { $0.frame < $1.frame }
            for (frame, unit) in placed { schedule.append([unit], from: frame) }
            schedule.append([eoc], from: eocFrame)
            free = eocFrame + 2
            // A caption shown late still gets at least its EOC's two frames before it is erased.
            previousEnd = max(caption.end, free)
        }
        if let end = previousEnd { schedule.append([edm], from: end) }
    }

    /// Places `units` on consecutive frames ending just before `start`, last unit first, never before
    /// `notBefore` and never on the frames of `obstacle`. False when they do not fit.
    private static func fitBackward(_ units: [[Bytes]], before start: Int, notBefore: Int, around obstacle: ClosedRange<Int>?,
                                    into placed: inout [(frame: Int, unit: [Bytes])]) -> Bool {
        var cursor = start - 1
        for unit in units.reversed() {
            var low = cursor - unit.count + 1
            if let o = obstacle, low <= o.upperBound, cursor >= o.lowerBound {
                cursor = o.lowerBound - 1
                low = cursor - unit.count + 1
            }
            guard low >= notBefore else { return false }
            placed.append((low, unit))
            cursor = low - 1
        }
        return true
    }
}
