import CaptionModel

/// Whether writing only a cue's alignment (`{\anN}`, a WebVTT-less format's one position) in place of
/// its box (`CuePlacement.area`: a TTML region, 608 rows) moves the text noticeably: a box whose
/// aligned edge is not where a player puts that alignment anyway. Captions on 608's last rows or a
/// TTML region along the bottom lose nothing that shows, and converting them says nothing; a caption
/// on row 10, or a region in the middle of the picture, is reported.
enum AreaLoss {
    static func matters(_ placement: CuePlacement?) -> Bool {
        guard let placement, let area = placement.area else { return false }
        let (column, row) = ASSFeatureLoss.grid(placement.anchor)
        let vertical: Bool = switch row {
        case 0: area.y + area.height < 85
        case 1: abs(area.y + area.height / 2 - 50) > 10
        default: area.y > 20
        }
        let horizontal: Bool = switch column {
        case 0: area.x > 20
        case 1: abs(area.x + area.width / 2 - 50) > 10
        default: area.x + area.width < 80
        }
        return vertical || horizontal
    }
}
