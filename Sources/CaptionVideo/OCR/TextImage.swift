/// A subtitle picture made ready for recognition: dark text on white, one byte a pixel, a line at a
/// time. Subtitles are bright letters (white, yellow, any colour) with a dark outline on nothing; text
/// recognisers read dark print on paper. So each pixel's ink is its light over black (its alpha times
/// its luminance, which keeps the fill and drops the outline and the transparent ground), turned over.
/// The lines are found by the rows without ink, each cropped, padded and scaled to the height the
/// recogniser reads best.
struct TextImage: Sendable {
    let width: Int
    let height: Int
    /// `width * height` bytes, 255 white.
    var gray: [UInt8]

    /// The ink of every pixel of `pictures` on one plane (their union's bounding box), 0 none, 255 full.
    static func ink(of pictures: [SubtitlePicture]) -> (image: TextImage, x: Int, y: Int)? {
        guard let first = pictures.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x + first.width, y1 = first.y + first.height
        for p in pictures.dropFirst() {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x + p.width); y1 = max(y1, p.y + p.height)
        }
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0, width * height <= 16 << 20 else { return nil }
        var ink = [UInt8](repeating: 0, count: width * height)
        for p in pictures {
            for row in 0..<p.height {
                for column in 0..<p.width {
                    let s = (row * p.width + column) * 4
                    // Rec. 601 luma in integers; alpha weights it (premultiplying over black).
                    let luma = (299 * Int(p.rgba[s]) + 587 * Int(p.rgba[s + 1]) + 114 * Int(p.rgba[s + 2])) / 1000
                    let value = luma * Int(p.rgba[s + 3]) / 255
                    let d = (p.y - y0 + row) * width + (p.x - x0 + column)
                    ink[d] = max(ink[d], UInt8(value))
                }
            }
        }
        return (TextImage(width: width, height: height, gray: ink), x0, y0)
    }

    /// The rows of text in an ink image: runs of rows holding ink, runs apart by fewer than `gap` rows
    /// joined (the dot of an i, accents above capitals), each as the rows and columns its ink spans.
    static func lines(inInk ink: TextImage, threshold: UInt8 = 96) -> [(rows: Range<Int>, columns: Range<Int>)] {
        var inked = [Bool](repeating: false, count: ink.height)
        for row in 0..<ink.height {
            let base = row * ink.width
            for column in 0..<ink.width where ink.gray[base + column] >= threshold { inked[row] = true; break }
        }
        var runs: [Range<Int>] = []
        var row = 0
        while row < ink.height {
            guard inked[row] else { row += 1; continue }
            let start = row
            while row < ink.height, inked[row] { row += 1 }
            runs.append(start..<row)
        }
        guard !runs.isEmpty else { return [] }
        // Gaps smaller than a fifth of the tallest run are inside a line.
        let tallest = runs.map(\.count).max()!
        var joined = [runs[0]]
        for run in runs.dropFirst() {
            if run.lowerBound - joined.last!.upperBound < max(2, tallest / 5) {
                joined[joined.count - 1] = joined.last!.lowerBound..<run.upperBound
            } else {
                joined.append(run)
            }
        }
        // Specks far smaller than a line (noise, a stray outline pixel) are not lines.
        let lines = joined.filter { $0.count * 4 >= tallest }
        return lines.map { rows in
            var left = ink.width, right = 0
            for row in rows {
                let base = row * ink.width
                for column in 0..<ink.width where ink.gray[base + column] >= threshold {
                    left = min(left, column); right = max(right, column + 1)
                }
            }
            return (rows, left..<max(left, right))
        }
    }

    /// One line of `ink` as dark text on white: its box, with a margin of white around it, scaled so
    /// the line is about `lineHeight` pixels tall (bilinear; never below the original size).
    static func line(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, lineHeight: Int = 48) -> TextImage {
        let (scale, pad) = lineGeometry(rows: rows, lineHeight: lineHeight)
        let w = Int((Double(columns.count) * scale).rounded()) + 2 * pad
        let h = Int((Double(rows.count) * scale).rounded()) + 2 * pad
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<(h - 2 * pad) {
            let sy = min(Double(rows.count - 1), max(0, (Double(y) + 0.5) / scale - 0.5))
            let y0 = Int(sy), y1 = min(y0 + 1, rows.count - 1), fy = sy - Double(y0)
            for x in 0..<(w - 2 * pad) {
                let sx = min(Double(columns.count - 1), max(0, (Double(x) + 0.5) / scale - 0.5))
                let x0 = Int(sx), x1 = min(x0 + 1, columns.count - 1), fx = sx - Double(x0)
                func at(_ r: Int, _ c: Int) -> Double { Double(ink.gray[(rows.lowerBound + r) * ink.width + columns.lowerBound + c]) }
                let top = at(y0, x0) * (1 - fx) + at(y0, x1) * fx
                let bottom = at(y1, x0) * (1 - fx) + at(y1, x1) * fx
                let value = top * (1 - fy) + bottom * fy
                out[(y + pad) * w + x + pad] = UInt8(255 - min(255, max(0, value.rounded())))
            }
        }
        return TextImage(width: w, height: h, gray: out)
    }

    /// How `line` scales a line of `rows` and how wide a margin it gives it: an x in the line's image is
    /// column `columns.lowerBound + (x - pad) / scale` of the ink.
    static func lineGeometry(rows: Range<Int>, lineHeight: Int = 48) -> (scale: Double, pad: Int) {
        let scale = max(1.0, Double(lineHeight) / Double(max(rows.count, 1)))
        return (scale, Int((Double(rows.count) * scale * 0.35).rounded()) + 4)
    }

    /// True when the ink fills most of its box: a drawn shape (a box, a bar), not letters, which never
    /// cover more than about half of theirs. A recogniser reads such a shape as `I` or `|`.
    static func isSolid(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8 = 96) -> Bool {
        guard !rows.isEmpty, !columns.isEmpty else { return true }
        var inked = 0
        for row in rows {
            for column in columns where ink.gray[row * ink.width + column] >= threshold { inked += 1 }
        }
        return inked * 4 >= rows.count * columns.count * 3
    }
}
