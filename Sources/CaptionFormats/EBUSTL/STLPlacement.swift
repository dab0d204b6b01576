import CaptionModel

/// Where a subtitle sits: a TTI block's vertical position (VP, the teletext row of its first line, 1-23)
/// and justification code (JC) to and from the model's `CuePlacement`.
///
/// The model has no row grid, so the row becomes top or bottom: a subtitle whose first row is in the
/// upper half (VP under 11) is a top subtitle, anchor 7-9, as ttconv places it (a top-aligned region
/// from that row); anything lower is the usual bottom subtitle, which is left to the style (no anchor)
/// unless it is justified left or right. Left and right justification also set `align`, which WebVTT
/// output keeps (`align:left`), while the anchor serves SRT and ASS (`{\an1}`).
enum STLPlacement {
    /// Rows a teletext page has, and the row under which a subtitle counts as a top one (ttconv's
    /// `VP < MNR / 2`, with MNR 23).
    static let rows = 23
    static let topRowLimit = 11

    static func placement(verticalPosition: UInt8, justification: UInt8) -> CuePlacement? {
        let top = verticalPosition < topRowLimit
        let column: Int  // 1 left, 2 centre, 3 right
        switch justification {
        case 1: column = 1
        case 3: column = 3
        default: column = 2  // 0, "unchanged", keeps the centring a teletext file's spaces give it
        }
        guard top || column != 2 else { return nil }
        var placement = CuePlacement()
        placement.anchor = (top ? 6 : 0) + column
        if column != 2 { placement.align = column == 1 ? .left : .right }
        return placement
    }

    /// VP and JC for a subtitle of `lines` rows: at the bottom its last row on row 22 (one row of
    /// margin below, as broadcast files leave), at the top on row 1, in the middle centred on row 12.
    static func rowAndJustification(_ placement: CuePlacement?, lines: Int) -> (verticalPosition: UInt8, justification: UInt8) {
        var row = 0, column = 2  // row 0 bottom, 1 middle, 2 top; column 1 left, 2 centre, 3 right
        if let placement {
            if let anchor = placement.anchor, (1...9).contains(anchor) {
                row = (anchor - 1) / 3
                column = (anchor - 1) % 3 + 1
            } else {
                switch placement.line {
                case .number(let n): row = n >= 0 ? 2 : 0  // WebVTT counts lines from the top when positive
                case .percent(let p): row = p < 35 ? 2 : p > 65 ? 0 : 1
                case .auto: break
                }
                switch placement.align {
                case .left, .start: column = 1
                case .right, .end: column = 3
                case .center: break
                }
            }
        }
        let height = min(max(lines, 1), rows - 1)
        let vp: Int
        switch row {
        case 2: vp = 1
        case 1: vp = max(1, 12 - height / 2)
        default: vp = rows - height
        }
        return (UInt8(vp), UInt8(column))
    }
}
