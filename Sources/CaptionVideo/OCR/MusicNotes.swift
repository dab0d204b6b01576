/// Music notes (♪, and ♫ and ♬: `beamedNotes`), which subtitles put around sung lines and Tesseract's
/// English model does not know: it reads ♪ as `J`, `JS`, `f` or `IS`. A note is told by its ink: a
/// filled head at the bottom left, a thin stem and flag above it and nothing at the bottom right; no
/// letter has that shape (measured in DejaVu Sans, each quarter of the note's box inked: top left
/// 0.08-0.15, top right 0.33-0.41, bottom left 0.42-0.45, bottom right 0.07-0.13 at 1080p, 0.0-0.17,
/// 0.28-0.43, 0.36-0.46 and 0.0-0.17 at 480p; `J` 0.0/1.0/0.22/0.84, `f` 0.42/0.55/0.38/0.25, `?`
/// 0.22-0.26/0.60-0.62/0.22-0.28/0.16-0.20). Only a short word at either end of a line is looked at,
/// where notes go.
enum MusicNotes {
    /// The notes the ink of `rows` x `columns` is, side by side (each ♪, ♫ or ♬), or nil when it is
    /// not notes.
    static func notes(in ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8 = 96) -> String? {
        // The glyphs: runs of columns with ink.
        var glyphs: [Range<Int>] = []
        var start: Int?
        for column in columns {
            let inked = rows.contains { ink.gray[$0 * ink.width + column] >= threshold }
            if inked, start == nil { start = column }
            if !inked, let first = start { glyphs.append(first..<column); start = nil }
        }
        if let first = start { glyphs.append(first..<columns.upperBound) }
        guard (1...3).contains(glyphs.count) else { return nil }
        var notes = ""
        for glyph in glyphs {
            if isNote(ink, rows: rows, columns: glyph, threshold: threshold) { notes += "♪"; continue }
            guard let beamed = beamedNotes(ink, rows: rows, columns: glyph, threshold: threshold) else { return nil }
            notes.append(beamed)
        }
        return notes
    }

    /// ♫ or ♬ (two notes joined by one beam or two), or nil: in the glyph's box, a head filling each
    /// bottom corner, and between the heads columns crossed only by the beams, in the top half (one
    /// run of ink down them for ♫, two for ♬). Letters with a bar on two stems (`n`, `П`) have no
    /// heads; `m`, `A` and `H` have ink below half the height between their sides.
    static func beamedNotes(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8) -> Character? {
        guard let (top, bottom) = inkRows(ink, rows: rows, columns: columns, threshold: threshold) else { return nil }
        let height = bottom - top, width = columns.count
        guard height >= 8, width * 5 >= height * 2, width * 10 <= height * 13 else { return nil }
        func inked(_ rows: Range<Int>, _ columns: Range<Int>) -> Double { share(ink, rows: rows, columns: columns, threshold: threshold) }
        let band = (top + height * 13 / 20)..<bottom, side = max(1, width * 9 / 20)
        guard inked(band, columns.lowerBound..<(columns.lowerBound + side)) >= 0.3,
              inked(band, (columns.upperBound - side)..<columns.upperBound) >= 0.3 else { return nil }
        // Between the heads: the columns of the middle three fifths with no ink below half the height
        // (only the beams cross them), the longest run of them, and the runs of ink down its first,
        // middle and last columns.
        func low(_ column: Int) -> Bool { (top + height / 2..<bottom).contains { ink.gray[$0 * ink.width + column] >= threshold } }
        var gap = 0..<0, open: Int?
        for column in (columns.lowerBound + width / 5)...(columns.upperBound - width / 5) {
            if column < columns.upperBound - width / 5, !low(column) { open = open ?? column; continue }
            if let first = open, column - first > gap.count { gap = first..<column }
            open = nil
        }
        guard !gap.isEmpty else { return nil }
        let beams = [gap.lowerBound, (gap.lowerBound + gap.upperBound) / 2, gap.upperBound - 1].map { column in
            var runs = 0, previous = false
            for row in top..<(top + height / 2) {
                let on = ink.gray[row * ink.width + column] >= threshold
                if on, !previous { runs += 1 }
                previous = on
            }
            return runs
        }
        guard beams.allSatisfy({ $0 == beams[1] }) else { return nil }
        switch beams[1] {
        case 1: return "♫"
        case 2: return "♬"
        default: return nil
        }
    }

    /// The ink in `columns` is one note: in its own box, the bottom left quarter well inked by a filled
    /// head, the bottom right at most half as much and light, and the top left light (the stem and
    /// flag are on the right).
    static func isNote(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8) -> Bool {
        guard let (top, bottom) = inkRows(ink, rows: rows, columns: columns, threshold: threshold) else { return false }
        // At least 8 pixels tall, and between two fifths and all of its height wide (a note is about two
        // thirds as wide as tall; a sliver of a letter's edge is narrower).
        guard bottom - top >= 8, columns.count < bottom - top, columns.count * 5 >= (bottom - top) * 2 else { return false }
        func inked(_ rows: Range<Int>, _ columns: Range<Int>) -> Double { share(ink, rows: rows, columns: columns, threshold: threshold) }
        let middle = (top + bottom) / 2, centre = (columns.lowerBound + columns.upperBound) / 2
        let head = inked(middle..<bottom, columns.lowerBound..<centre), belowFlag = inked(middle..<bottom, centre..<columns.upperBound)
        // The head is filled: some row of the bottom half is inked across half the glyph's width (a
        // slash or a thin stroke never is).
        let widest = (middle..<bottom).map { row in columns.count { ink.gray[row * ink.width + $0] >= threshold } }.max() ?? 0
        // (The top left stays light; an italic note, straightened with its line, keeps a little more
        // of its flag there: 0.32-0.33 at 1080p.)
        return head >= 0.33 && belowFlag <= 0.2 && head >= 2 * belowFlag && widest * 2 >= columns.count
            && inked(top..<middle, columns.lowerBound..<centre) <= 0.35
    }

    /// The first and past-the-last rows of `rows` with ink in `columns`; nil when there is none.
    private static func inkRows(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8) -> (top: Int, bottom: Int)? {
        var top = Int.max, bottom = 0
        for row in rows where columns.contains(where: { ink.gray[row * ink.width + $0] >= threshold }) {
            top = min(top, row); bottom = max(bottom, row + 1)
        }
        return top < bottom ? (top, bottom) : nil
    }

    /// The share of `rows` x `columns` inked.
    private static func share(_ ink: TextImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8) -> Double {
        var n = 0
        for row in rows { for column in columns where ink.gray[row * ink.width + column] >= threshold { n += 1 } }
        return Double(n) / Double(max(1, rows.count * columns.count))
    }
}
