import CaptionModel

/// How a CEA-608 character is drawn: its foreground colour (a PAC's or mid-row code's attribute, white
/// to magenta), italics and underline. Backgrounds and flash are not kept: the toolkit draws neither.
struct CEA608Style: Hashable, Sendable {
    /// `CEA608Command.Attribute` raw value 0 (white) ... 6 (magenta); italics is the flag below.
    var color: UInt8 = 0
    var italic = false
    var underline = false

    static let plain = CEA608Style()

    /// The colour a span carries; nil for white, the default every renderer already uses.
    var rgba: RGBAColor? {
        switch color {
        case 1: RGBAColor(red: 0, green: 255, blue: 0)
        case 2: RGBAColor(red: 0, green: 0, blue: 255)
        case 3: RGBAColor(red: 0, green: 255, blue: 255)
        case 4: RGBAColor(red: 255, green: 0, blue: 0)
        case 5: RGBAColor(red: 255, green: 255, blue: 0)
        case 6: RGBAColor(red: 255, green: 0, blue: 255)
        default: nil
        }
    }
}

/// One character cell: a Unicode scalar (every 608 character is one) and its style. Scalar 0 is an
/// empty cell, which shows the video. Eight bytes, so a screen compares and copies as a small block.
struct CEA608Cell: Hashable, Sendable {
    var scalar: UInt32
    var style: CEA608Style

    static let empty = CEA608Cell(scalar: 0, style: .plain)
    static let transparentSpace = UInt32(CEA608Characters.transparentSpace.unicodeScalars.first?.value ?? 0xA0)

    /// Blank for trimming: empty, a space (a mid-row code's cell, say) or a transparent space.
    var isBlank: Bool { scalar == 0 || scalar == 0x20 || scalar == Self.transparentSpace }
}

/// A caption memory (CTA-608-E section 4): 15 rows of 32 columns. A decoder has two, the displayed
/// memory (what is on screen) and the non-displayed memory pop-on captions are built in.
///
/// Each row keeps `width` cells, not 32: characters sent past the screen's right edge (a row whose
/// indent plus text is more than 32, as in ttconv's pop-on test file) are kept in the columns beyond
/// it. CTA-608 has a decoder overwrite column 32 with every further character, which loses the
/// words; ttconv and pycaption keep them, and a caption file's reader should not drop its author's
/// text. Past `width`, a runaway row overwrites its last cell, as 608 says for column 32.
struct CEA608Screen: Equatable, Sendable {
    static let rows = 15
    /// The screen's columns: where PACs and tab offsets can put the cursor.
    static let columns = 32
    /// The cells a row keeps.
    static let width = 64

    private var cells = [CEA608Cell](repeating: .empty, count: rows * width)
    /// Bit r is set when row r may hold a cell that is not empty; clear, the row certainly is empty.
    /// Most rows of a caption screen are, so comparing, clearing and reading a screen skip them.
    private var used: UInt16 = 0

    subscript(row: Int, column: Int) -> CEA608Cell {
        get { cells[row * Self.width + column] }
        set {
            cells[row * Self.width + column] = newValue
            if newValue != .empty { used |= 1 << row }
        }
    }

    private func mayUse(_ row: Int) -> Bool { used & (1 << row) != 0 }

    var isEmpty: Bool {
        !(0..<Self.rows).contains { row in mayUse(row) && (0..<Self.width).contains { !self[row, $0].isBlank } }
    }

    static func == (a: CEA608Screen, b: CEA608Screen) -> Bool {
        for row in 0..<rows where a.mayUse(row) || b.mayUse(row) {
            let range = row * width..<(row + 1) * width
            if a.cells[range] != b.cells[range] { return false }
        }
        return true
    }

    mutating func clear() {
        for row in 0..<Self.rows where mayUse(row) { clear(row: row) }
    }

    /// Clears `row` from `column` to its end (DER, or the whole row).
    mutating func clear(row: Int, from column: Int = 0) {
        guard column < Self.width, mayUse(row) else { return }
        for c in column..<Self.width where self[row, c] != .empty { self[row, c] = .empty }
        if column == 0 { used &= ~(1 << row) }
    }

    /// Row `source` of `other` copied into row `row`.
    mutating func copyRow(_ row: Int, from other: CEA608Screen, row source: Int) {
        clear(row: row)
        guard other.mayUse(source) else { return }
        for c in 0..<Self.width { self[row, c] = other[source, c] }
    }

    /// Row `source` moved to row `row`, which it replaces; `source` is left empty (a roll-up CR).
    mutating func moveRow(_ source: Int, to row: Int) {
        clear(row: row)
        guard mayUse(source) else { return }
        for c in 0..<Self.width { self[row, c] = self[source, c] }
        clear(row: source)
    }

    /// The screen as captions: one per block of adjacent rows with something visible (two speakers
    /// placed on rows 2 and 14 of one screen are two captions, each on its own rows, shown together).
    /// A block's text is its rows top to bottom, joined by `\n`; each row from its first visible cell
    /// to its last (the indent and trailing blanks are layout, not text), an empty cell inside a row
    /// becoming a space. Italics, underline and colour become spans; the placement is the rows' box
    /// (`area`) and their alignment on the grid (`alignment(of:)`), the text at the box's top for a
    /// block in the top half, at its bottom otherwise. Empty when nothing is visible.
    func rendered() -> [(text: CaptionText, placement: CuePlacement?)] {
        var blocks: [(text: CaptionText, placement: CuePlacement?)] = []
        var text = ""
        var spans: [TextSpan] = []
        var topRow: Int?, bottomRow = 0
        var columns: [ClosedRange<Int>] = []
        func finishBlock() {
            guard let top = topRow else { return }
            blocks.append((CaptionText(plain: text, spans: spans), Self.placement(rows: top...bottomRow, columns: columns)))
            (text, spans, topRow, columns) = ("", [], nil, [])
        }
        for row in 0..<Self.rows {
            guard mayUse(row), let first = (0..<Self.width).first(where: { !self[row, $0].isBlank }),
                  let last = (0..<Self.width).last(where: { !self[row, $0].isBlank }) else {
                finishBlock()
                continue
            }
            if topRow == nil { topRow = row } else { text.append("\n") }
            bottomRow = row
            columns.append(first...last)
            var runs = SpanRuns()
            for column in first...last {
                let cell = self[row, column]
                let offset = text.utf8.count
                let scalar = cell.scalar == 0 ? 0x20 : cell.scalar
                text.unicodeScalars.append(Unicode.Scalar(scalar) ?? " ")
                // An empty cell has no style: it ends every span, as the gap does on screen.
                runs.add(cell.scalar == 0 ? .plain : cell.style, from: offset, to: text.utf8.count)
            }
            spans += runs.finish()
        }
        finishBlock()
        return blocks
    }

    /// The placement of a block of rows: their box on 608's grid, 15 rows over the middle 80 % of the
    /// height (the safe caption area decoders draw in) and 32 columns across its middle 80 %. A block
    /// that starts in the upper half (rows 1-7) is meant to stay clear of the lower third where
    /// captions sit: its text hangs from its first row (anchor 7-9); any other stands on its last row
    /// (a centred one with no anchor: the bottom is the default everywhere, and an explicit anchor
    /// would be written into every SRT cue).
    static func placement(rows: ClosedRange<Int>, columns: [ClosedRange<Int>]) -> CuePlacement {
        var placement = CuePlacement()
        let rowHeight = 80.0 / Double(Self.rows), columnWidth = 80.0 / Double(Self.columns)
        let top = rows.lowerBound < 7
        var area = CuePlacement.Area(x: 10, y: 10 + Double(rows.lowerBound) * rowHeight, width: 80,
                                     height: Double(rows.count) * rowHeight)
        switch alignment(of: columns) {
        case .center:
            if top { placement.anchor = 8 }
        case .left(let column):
            let column = min(column, Self.columns - 1)
            area.x += Double(column) * columnWidth
            area.width -= Double(column) * columnWidth
            placement.anchor = top ? 7 : 1
        case .right(let column):
            area.width = Double(min(column + 1, Self.columns)) * columnWidth
            placement.anchor = top ? 9 : 3
        }
        placement.area = area
        return placement
    }

    enum RowAlignment: Equatable {
        case center
        /// Every row from this column on (the leftmost row's, when the rows start in different places).
        case left(Int)
        /// Every row ending in this column.
        case right(Int)
    }

    /// How the caption's rows sit on 608's monospaced grid, which the style's proportional font cannot
    /// keep cell for cell: centred when every row's middle is within a column of the grid's (as
    /// caption authors centre pop-on rows with indents), else left from the column the rows start at
    /// (roll-up and most placed captions), else right at the column they end at; rows that do neither
    /// start from the leftmost row's column.
    static func alignment(of rows: [ClosedRange<Int>]) -> RowAlignment {
        let middle = Double(columns) / 2
        if rows.allSatisfy({ abs(Double($0.lowerBound + $0.upperBound + 1) / 2 - middle) <= 1 }) { return .center }
        let starts = Set(rows.map(\.lowerBound)), ends = Set(rows.map(\.upperBound))
        if starts.count > 1, ends.count == 1, let end = ends.first { return .right(end) }
        return .left(starts.min() ?? 0)
    }
}

/// Collects runs of italics, underline and colour along one row into spans.
private struct SpanRuns {
    private var italic: Int?, underline: Int?
    private var color: (start: Int, rgba: RGBAColor)?
    private var spans: [TextSpan] = []
    /// Where the cells added so far end.
    private var end = 0

    mutating func add(_ style: CEA608Style, from start: Int, to end: Int) {
        italic = run(italic, on: style.italic, at: start, .italic)
        underline = run(underline, on: style.underline, at: start, .underline)
        let rgba = style.rgba
        if let open = color, open.rgba != rgba {
            spans.append(TextSpan(start: open.start, end: self.end, kind: .color(open.rgba)))
            color = nil
        }
        if color == nil, let rgba { color = (start, rgba) }
        self.end = end
    }

    /// A run's new start: kept while the attribute stays on, closed into a span when it goes off.
    private mutating func run(_ open: Int?, on: Bool, at start: Int, _ kind: TextSpan.Kind) -> Int? {
        if on { return open ?? start }
        if let open { spans.append(TextSpan(start: open, end: end, kind: kind)) }
        return nil
    }

    mutating func finish() -> [TextSpan] {
        italic = run(italic, on: false, at: end, .italic)
        underline = run(underline, on: false, at: end, .underline)
        if let open = color { spans.append(TextSpan(start: open.start, end: end, kind: .color(open.rgba))) }
        return spans.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }
}
