import CaptionModel

/// One caption laid out on the CEA-608 grid (15 rows of 32 columns): its rows, each with where it
/// starts and what it sends. What the encoder turns into preamble codes, tab offsets and characters.
struct CEA608LaidOutCaption: Sendable {
    var rows: [CEA608Row]
}

/// A row of a caption: the 608 row (1-15), the column (0-31) of its first cell, the attribute the
/// row starts with, and its cells in order (every token takes one column).
struct CEA608Row: Sendable {
    var row: Int
    var column: Int
    var style: CEA608PenStyle
    var tokens: [CEA608Token]
}

/// A foreground state as 608 carries it: one attribute (a colour, or italics, which 608 shows in
/// white) and underline.
struct CEA608PenStyle: Sendable, Hashable {
    var attribute: CEA608Command.Attribute = .white
    var underline = false
}

/// One cell of a row: a character in one of the three sets, or a mid-row code (shown as a space).
enum CEA608Token: Sendable, Hashable {
    case character(CEA608Characters.Code)
    case midRow(CEA608PenStyle)

    static let space = CEA608Token.character(.standard(0x20))
}

/// Lays captions out on the 608 grid: word wrap to 32 columns, at most 4 rows a screen, rows at the
/// bottom (ending on row 15), at the top (from row 2) or in the middle as the cue's placement says,
/// each row centred (or left/right aligned) by a preamble indent plus tab offsets.
enum CEA608Layout {
    static let columns = 32
    static let maxRows = 4
    /// The last row of bottom captions. Row 15 is the bottom of 608's caption area, which CTA-608-E
    /// already keeps inside the safe title area, so no row is left free below it.
    static let bottomRow = 15
    /// The first row of top captions: one row below the top, as broadcasters place them, so a
    /// decoder that draws a row's box taller than its cell still keeps it on screen.
    static let topRow = 2

    enum Vertical { case bottom, middle, top }
    enum Horizontal { case left, center, right }

    /// What one cue becomes: one screen, or more when its text needs more than 4 rows (the encoder
    /// shows them one after another), and the characters 608 has no code for (sent as `closest`).
    struct Result {
        var screens: [CEA608LaidOutCaption]
        var unmapped: [Character]
        var replacements: [Character]
    }

    /// A cell before wrapping: its token, its style, and whether it is a space (where lines break
    /// and where a mid-row code can stand without taking a column of its own).
    private struct Cell {
        var token: CEA608Token
        var style: CEA608PenStyle
        var isSpace: Bool
    }

    static func layout(_ event: CaptionEvent, horizontal forced: Horizontal? = nil, vertical forcedVertical: Vertical? = nil) -> Result {
        var unmapped: [Character] = [], replacements: [Character] = []
        // The cue's cells in one array; `breaks` holds where each line after the first begins.
        var cells: [Cell] = [], breaks: [Int] = []
        cells.reserveCapacity(64)
        func newLine() { breaks.append(cells.count) }
        func cell(_ code: CEA608Characters.Code, _ style: CEA608PenStyle) {
            cells.append(Cell(token: .character(code), style: style, isSpace: false))
        }
        func space(_ style: CEA608PenStyle) {
            cells.append(Cell(token: .space, style: style, isSpace: true))
        }
        func add(_ character: Character, _ style: CEA608PenStyle) {
            if let code = CEA608Characters.code(for: character) { cell(code, style); return }
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2028}" { newLine(); return }
            if character.isWhitespace { space(style); return }
            // Invisible format characters (zero-width space, joiners, soft hyphen, direction marks) take no cell.
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) { return }
            let substitute = CEA608Characters.closest(to: character)
            if !unmapped.contains(character) { unmapped.append(character); replacements.append(substitute) }
            if let code = CEA608Characters.code(for: substitute) { cell(code, style) }
        }
        func add(_ text: String, _ style: CEA608PenStyle) {
            // ASCII not followed by a combining mark (most text) goes through a table; the rest as Characters.
            let utf8 = text.utf8
            let asciiCodes = Self.asciiCodes
            var i = utf8.startIndex
            while i < utf8.endIndex {
                let b = utf8[i]
                let next = utf8.index(after: i)
                guard b < 0x80, next == utf8.endIndex || utf8[next] < 0x80 else {
                    add(text[i], style)
                    i = text.index(after: i)
                    continue
                }
                switch b {
                case 0x0A: newLine()
                case 0x0D: if next == utf8.endIndex || utf8[next] != 0x0A { newLine() }
                case 0x20, 0x09: space(style)
                default:
                    if let code = asciiCodes[Int(b)] { cell(code, style) } else { add(Character(Unicode.Scalar(b)), style) }
                }
                i = next
            }
        }
        if event.isPlain {
            add(event.plainText.string, CEA608PenStyle())
        } else {
            for run in event.text.runs {
                switch run {
                case .lineBreak: newLine()
                case .text(let text, let attributes): add(text, style(attributes))
                }
            }
        }
        var wrapped: [[CEA608Token]] = []
        var starts: [CEA608PenStyle] = []
        var lineStart = 0
        for lineEnd in breaks + [cells.count] {
            wrap(cells, lineStart..<lineEnd) { wrapped.append($0); starts.append($1) }
            lineStart = lineEnd
        }
        let placement = event.placement
        let horizontal = forced ?? Self.horizontal(placement)
        let vertical = forcedVertical ?? Self.vertical(placement)
        var screens: [CEA608LaidOutCaption] = []
        var index = 0
        while index < wrapped.count {
            let count = min(maxRows, wrapped.count - index)
            var first: Int
            switch vertical {
            case .bottom: first = bottomRow - count + 1
            case .top: first = topRow
            case .middle: first = 8 - (count - 1) / 2
            }
            // A caption with a box of its own (608 rows read from SCC, a TTML region) keeps its rows.
            if forcedVertical == nil, let area = placement?.area, let row = Self.firstRow(in: area, vertical: vertical, count: count) {
                first = row
            }
            var rows: [CEA608Row] = []
            for i in 0..<count {
                let tokens = wrapped[index + i]
                var column: Int
                switch horizontal {
                case .left: column = 0
                case .center: column = (columns - tokens.count) / 2
                case .right: column = columns - tokens.count
                }
                // A box of its own puts the row's edge (or middle) where the box's is on 608's grid,
                // so an indented caption read from SCC is written back at its column.
                if forced == nil, let area = placement?.area, let edge = Self.gridColumn(of: area, horizontal, count: tokens.count) {
                    column = edge
                }
                rows.append(CEA608Row(row: first + i, column: column, style: starts[index + i], tokens: tokens))
            }
            screens.append(CEA608LaidOutCaption(rows: rows))
            index += count
        }
        return Result(screens: screens, unmapped: unmapped, replacements: replacements)
    }

    /// The first column of a row of `count` cells set in `area` (percent of the picture; 608's 32
    /// columns over its middle 80 %): from the box's left edge, ending at its right edge, or centred
    /// on its middle; nil when the box is not on the picture.
    static func gridColumn(of area: CuePlacement.Area, _ horizontal: Horizontal, count: Int) -> Int? {
        let columnWidth = 80.0 / Double(columns)
        guard area.x.isFinite, area.width.isFinite, area.width > 0 else { return nil }
        let left = (area.x - 10) / columnWidth, right = (area.x + area.width - 10) / columnWidth
        let start: Double
        switch horizontal {
        case .left: start = left
        case .right: start = right - Double(count)
        case .center: start = (left + right - Double(count)) / 2
        }
        guard start.isFinite, start > -Double(columns), start < Double(columns) * 2 else { return nil }
        // A centred row of odd spare cells leans left, as `(columns - count) / 2` does without a box.
        let column = Int(horizontal == .center ? (start + 1e-9).rounded(.down) : start.rounded())
        return min(max(column, 0), max(columns - count, 0))
    }

    /// The codes of the printable ASCII bytes (nil where 608 has no such character: DEL, controls).
    private static let asciiCodes: [CEA608Characters.Code?] = (0..<128).map { b in
        (0x21..<0x7F).contains(b) ? CEA608Characters.code(for: Character(Unicode.Scalar(UInt8(b)))) : nil
    }

    /// 608's style for a run: italics wins over a colour (608 shows italics only in white), and a
    /// colour counts only when it is one of the seven 608 has.
    private static func style(_ attributes: TextAttributes) -> CEA608PenStyle {
        var style = CEA608PenStyle(attribute: .white, underline: attributes.underline)
        if attributes.italic {
            style.attribute = .italics
        } else if let color = attributes.color, let attribute = colorAttribute(color) {
            style.attribute = attribute
        }
        return style
    }

    private static func colorAttribute(_ color: RGBAColor) -> CEA608Command.Attribute? {
        switch (color.red, color.green, color.blue) {
        case (255, 255, 255): return .white
        case (0, 255, 0), (0, 128, 0): return .green
        case (0, 0, 255): return .blue
        case (0, 255, 255): return .cyan
        case (255, 0, 0): return .red
        case (255, 255, 0): return .yellow
        case (255, 0, 255): return .magenta
        default: return nil
        }
    }

    /// Splits one line of the cue into rows of at most 32 columns at spaces (a word longer than a row
    /// is broken), and turns each into tokens with the mid-row codes its style changes need. A
    /// change at a space replaces the space; one inside a word takes a column of its own; a row that
    /// does not start in white gets a mid-row code before its text (the preamble's indent is white),
    /// which the encoder folds into the preamble when the row starts at column 0.
    private static func wrap(_ cells: [Cell], _ line: Range<Int>, emit: ([CEA608Token], CEA608PenStyle) -> Void) {
        // Greedy wrap over words (runs of non-space cells; runs of spaces collapse to one separator):
        // a word joins the row when it fits after one separator column. A word longer than a row is
        // cut into pieces that fit (with room for a leading mid-row code).
        var row: [Range<Int>] = []
        var used = 0
        func place(_ piece: Range<Int>) {
            let w = width(cells, piece)
            if row.isEmpty {
                row = [piece]; used = lead(cells, piece) + w
            } else if used + 1 + w <= columns {
                row.append(piece); used += 1 + w
            } else {
                emit(tokens(cells, row), CEA608PenStyle(attribute: .white, underline: cells[row[0].lowerBound].style.underline))
                row = [piece]; used = lead(cells, piece) + w
            }
        }
        var i = line.lowerBound
        while i < line.upperBound {
            if cells[i].isSpace { i += 1; continue }
            var j = i
            while j < line.upperBound, !cells[j].isSpace { j += 1 }
            var rest = i..<j
            while width(cells, rest) + lead(cells, rest) > columns {
                var n = 0, w = lead(cells, rest)
                var previous: CEA608PenStyle? = nil
                for k in rest {
                    let cost = (previous != nil && previous != cells[k].style) ? 2 : 1
                    if w + cost > columns { break }
                    w += cost; n += 1; previous = cells[k].style
                }
                let cut = rest.lowerBound + max(1, n)
                place(rest.lowerBound..<cut)
                rest = cut..<rest.upperBound
            }
            if !rest.isEmpty { place(rest) }
            i = j
        }
        if !row.isEmpty {
            emit(tokens(cells, row), CEA608PenStyle(attribute: .white, underline: cells[row[0].lowerBound].style.underline))
        }
    }

    /// 1 when the piece's first cell is not white: the row needs a mid-row code before it.
    private static func lead(_ cells: [Cell], _ piece: Range<Int>) -> Int {
        piece.isEmpty || cells[piece.lowerBound].style.attribute == .white ? 0 : 1
    }

    /// Columns a word takes: its cells plus a mid-row code at each style change inside it.
    private static func width(_ cells: [Cell], _ piece: Range<Int>) -> Int {
        var w = piece.count
        for k in piece.dropFirst() where cells[k].style != cells[k - 1].style { w += 1 }
        return w
    }

    /// A row's tokens: its words with a space (or the mid-row code of a style change) between them,
    /// mid-row codes inside words where the style changes, and a leading one when the row does not
    /// start in white (the preamble's indent is white).
    private static func tokens(_ cells: [Cell], _ words: [Range<Int>]) -> [CEA608Token] {
        var tokens: [CEA608Token] = []
        tokens.reserveCapacity(columns)
        let first = cells[words[0].lowerBound].style
        var current = CEA608PenStyle(attribute: .white, underline: first.underline)
        if first.attribute != .white { tokens.append(.midRow(first)); current = first }
        for (n, word) in words.enumerated() {
            let opening = cells[word.lowerBound].style
            if n > 0 {
                if opening != current { tokens.append(.midRow(opening)); current = opening } else { tokens.append(.space) }
            }
            for k in word {
                if cells[k].style != current { tokens.append(.midRow(cells[k].style)); current = cells[k].style }
                tokens.append(cells[k].token)
            }
        }
        return tokens
    }

    /// The first of `count` rows set in `area` (percent of the picture, 608's 15 rows over its middle
    /// 80 %) as the caption is aligned in it: the last row on the box's bottom, the first on its top,
    /// or centred. The inverse of `CEA608Screen.rendered`'s box, so an SCC caption keeps its rows.
    static func firstRow(in area: CuePlacement.Area, vertical: Vertical, count: Int) -> Int? {
        let rowHeight = 80.0 / 15
        // Clamped before Int(): a box from a JSON file may be anywhere (Int(1e300) traps).
        let top = min(max((area.y - 10) / rowHeight, -100), 100), bottom = min(max((area.y + area.height - 10) / rowHeight, -100), 100)
        guard top.isFinite, bottom.isFinite else { return nil }
        let first: Int = switch vertical {
        case .bottom: Int(bottom.rounded()) - count + 1
        case .top: Int(top.rounded()) + 1
        case .middle: Int(((top + bottom) / 2).rounded()) - count / 2 + 1
        }
        return min(max(first, 1), 15 - count + 1)
    }

    private static func horizontal(_ placement: CuePlacement?) -> Horizontal {
        guard let placement else { return .center }
        if let anchor = placement.anchor {
            switch anchor {
            case 1, 4, 7: return .left
            case 3, 6, 9: return .right
            default: return .center
            }
        }
        switch placement.align {
        case .left, .start: return .left
        case .right, .end: return .right
        case .center: return .center
        }
    }

    private static func vertical(_ placement: CuePlacement?) -> Vertical {
        guard let placement else { return .bottom }
        if let anchor = placement.anchor {
            switch anchor {
            case 7, 8, 9: return .top
            case 4, 5, 6: return .middle
            default: return .bottom
            }
        }
        switch placement.line {
        case .auto: return .bottom
        // WebVTT counts non-negative line numbers from the top, negative ones from the bottom.
        case .number(let n): return n >= 0 ? .top : .bottom
        case .percent(let p): return p < 33 ? .top : p < 67 ? .middle : .bottom
        }
    }
}
