import CaptionModel

/// The colour of a line's letters, for a cue whose text is not in the default white (yellow
/// subtitles, a colour per speaker): the commonest colour among the pixels whose ink is at least three
/// quarters of the line's strongest, which is the letters' fill (not the dark outline, the transparent
/// ground or, mostly, the anti-aliased edge, whose blends are each rarer than the fill; a mean would
/// take them in and come out darker, and differ from cue to cue). White and near-white (every channel
/// 224 or more) is the default: no colour.
enum TextColor {
    static func fill(of pictures: [SubtitlePicture], origin: (x: Int, y: Int), ink: TextImage,
                     rows: Range<Int>, columns: Range<Int>) -> RGBAColor? {
        var strongest: UInt8 = 0
        for row in rows { for column in columns { strongest = max(strongest, ink.gray[row * ink.width + column]) } }
        let threshold = max(96, Int(strongest) * 3 / 4)
        var counts: [UInt32: Int] = [:]
        for p in pictures {
            // The line's box on this picture, in the picture's own pixels.
            let top = max(rows.lowerBound + origin.y - p.y, 0), bottom = min(rows.upperBound + origin.y - p.y, p.height)
            let left = max(columns.lowerBound + origin.x - p.x, 0), right = min(columns.upperBound + origin.x - p.x, p.width)
            guard top < bottom, left < right else { continue }
            for row in top..<bottom {
                for column in left..<right {
                    let s = (row * p.width + column) * 4
                    let (r, g, b, a) = (Int(p.rgba[s]), Int(p.rgba[s + 1]), Int(p.rgba[s + 2]), Int(p.rgba[s + 3]))
                    // The same ink `TextImage.ink` gives the pixel.
                    guard (299 * r + 587 * g + 114 * b) / 1000 * a / 255 >= threshold else { continue }
                    counts[UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b), default: 0] += 1
                }
            }
        }
        // The commonest; between equally common ones the smaller value, so the answer never depends on
        // the dictionary's order.
        guard let fill = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { return nil }
        let (red, green, blue) = (UInt8(fill >> 16), UInt8(truncatingIfNeeded: fill >> 8), UInt8(truncatingIfNeeded: fill))
        guard min(red, green, blue) < 224 else { return nil }
        return RGBAColor(red: red, green: green, blue: blue, alpha: 255)
    }

    /// The same colour as far as subtitles go, white being nil: the same hue and saturation, within
    /// 24 levels a channel once each is brightened until its strongest channel is full. A word of few
    /// pixels (a thin `I` at 480p) finds its commonest pixel darker than its line's fill, blended into
    /// the outline, but with the same balance of channels: white comes out grey, yellow dark yellow.
    static func alike(_ a: RGBAColor?, _ b: RGBAColor?) -> Bool {
        let (x, y) = (brightened(a), brightened(b))
        return abs(x.r - y.r) <= 24 && abs(x.g - y.g) <= 24 && abs(x.b - y.b) <= 24
    }

    private static func brightened(_ c: RGBAColor?) -> (r: Int, g: Int, b: Int) {
        guard let c else { return (255, 255, 255) }
        let top = max(Int(c.red), Int(c.green), Int(c.blue), 1)
        return (Int(c.red) * 255 / top, Int(c.green) * 255 / top, Int(c.blue) * 255 / top)
    }
}
