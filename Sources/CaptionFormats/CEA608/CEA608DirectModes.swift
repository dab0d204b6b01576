import CaptionModel

/// The two modes that write straight onto the screen, where nothing can be loaded ahead of time.
extension CEA608Encoder {
    /// Roll-up: RUn, then for each row a carriage return (the rows on screen move up one) and the
    /// row's preamble and text on base row 15, the first CR on the caption's start frame. An EDM
    /// clears the screen at the caption's end when the next caption does not start by then.
    static func rollUp(_ captions: [Caption], depth: Int, channel: CEA608Channel, clock: SCCClock, into schedule: inout CEA608Schedule) {
        let ru = misc(depth == 4 ? .ru4 : depth == 2 ? .ru2 : .ru3, channel)
        let cr = misc(.cr, channel), edm = misc(.edm, channel)
        var free = 0
        for (i, caption) in captions.enumerated() {
            var units = Units()
            units.add(ru)
            for row in caption.screen.rows {
                units.add(cr)
                addRows(CEA608LaidOutCaption(rows: [row]), channel: channel, baseRow: CEA608Layout.bottomRow, to: &units)
            }
            // RUn goes in the two frames before the start so that the first CR lands on it.
            let from = max(caption.start - ru.count, free)
            if from > caption.start - ru.count { schedule.diagnostics.append(late(caption, by: from - (caption.start - ru.count))) }
            free = schedule.append(units.pairs, from: from)
            // Erase at the end only when the next caption's RUn comes after the EDM's two frames.
            let edmFrame = max(caption.end, free)
            if i + 1 == captions.count || edmFrame + edm.count <= captions[i + 1].start - ru.count {
                free = schedule.append(edm, from: edmFrame)
            }
        }
    }

    /// Paint-on: RDC and the rows painted onto the screen, ending on the caption's start frame. The
    /// previous caption is erased at its end when that comes before the painting; otherwise the
    /// painting erases it first (EDM inside the block), a little before its end.
    static func paintOn(_ captions: [Caption], channel: CEA608Channel, clock: SCCClock, into schedule: inout CEA608Schedule) {
        let rdc = misc(.rdc, channel), edm = misc(.edm, channel)
        var free = 0
        var previousEnd: Int?
        for caption in captions {
            var units = Units()
            units.add(rdc)
            addRows(caption.screen, channel: channel, to: &units)
            var from = max(caption.start - units.frames + 1, free)
            if let end = previousEnd {
                if end + edm.count <= from {
                    schedule.append(edm, from: end)
                } else {
                    units.pairs.insert(contentsOf: edm, at: rdc.count)
                    from = max(caption.start - units.frames + 1, free)
                }
            }
            let last = from + units.frames - 1
            if last > caption.start { schedule.diagnostics.append(late(caption, by: last - caption.start)) }
            free = schedule.append(units.pairs, from: from)
            previousEnd = max(caption.end, free)
        }
        if let end = previousEnd { schedule.append(edm, from: end) }
    }
}
