import CaptionModel

/// A line-21 caption decoder (CTA-608-E): byte pairs in, caption events out, for one channel (CC1-CC4).
///
/// It keeps the two caption memories of a 608 decoder, the displayed one (the screen) and the
/// non-displayed one, 15 rows of 32 columns each, and obeys the commands as a television would:
/// pop-on (RCL, then characters into the non-displayed memory, EOC swaps the memories), roll-up
/// (RU2/RU3/RU4: a window of 2-4 rows above the base row the PAC gives; CR scrolls it), paint-on
/// (RDC: characters straight onto the screen), PACs, mid-row codes, tab offsets, BS, DER, EDM, ENM,
/// and the standard, special and extended characters (an extended one replaces the character before
/// it, the fallback an encoder sends for decoders without the extended set). What the screen shows,
/// change by change, becomes events (`CEA608Timeline`).
///
/// What arrives damaged or twice:
/// - A control code repeated in the very next pair of its field (encoders send each one twice, as
///   CTA-608 asks, so that one copy survives a bit error) is obeyed once. A third copy counts again;
///   a copy more than `doubleWindow` later is not "the very next pair" (in an SCC file, a gap stands
///   for frames of padding).
/// - A control code with a byte that fails odd parity is ignored (CTA-608): the copy that follows it
///   is then obeyed.
/// - A character byte that fails parity: if its parity bit (bit 7) is set, the byte was damaged, and
///   it shows as a solid block █ as CTA-608 recommends (ffmpeg does the same; ttconv strips parity
///   and shows the damaged character). If bit 7 is clear, the byte was written without a parity bit,
///   as some tools write SCC files (ttconv's own paint-on test file): it shows as sent, as ttconv
///   shows it. All are counted in one warning.
///
/// Channels: pairs of the other field are ignored; within the field, control codes name their data
/// channel, and characters belong to the channel the last control code named, so text after a code of
/// the other data channel is skipped. XDS (field 2, first byte 0x01-0x0F) is ignored, and so are the
/// characters after it until a control code names a channel again. Text mode (TR, RTD) is another
/// service: its characters and its row commands are ignored until RCL, RDC or RU2-4 come back to captions.
public struct CEA608Decoder {
    public let channel: CEA608Channel
    /// Warnings about the stream (bytes with parity errors, counted once), filled in by `finish`.
    public private(set) var diagnostics: [Diagnostic] = []

    /// A control code repeated within this time of the previous pair is its redundant copy: one frame
    /// at 29.97 is 33.4 ms, two frames would mean a padding pair came between.
    static let doubleWindow: Milliseconds = 50

    private var displayed = CEA608Screen()
    private var hidden = CEA608Screen()
    private var mode: CEA608Mode = .popOn
    private var textMode = false
    /// The cursor: row 0-14, column 0...`CEA608Screen.width` (the width: past the last cell; a character
    /// there replaces the last cell's).
    private var row = 14, column = 0
    private var style = CEA608Style.plain
    private var rollUpRows = 2
    private var baseRow = 14
    /// The data channel the last control code named; nil before any, and after XDS.
    private var dataChannel: Int?
    private var previousControl: (first: UInt8, second: UInt8, time: Milliseconds)?
    private var lastTime: Milliseconds?
    private var timeline = CEA608Timeline()
    private var parity = ParityCount()

    public init(channel: CEA608Channel) {
        self.channel = channel
    }

    /// One byte pair of line-21 `field` (1 or 2), parity bits included, arriving at `time` (ms, may be
    /// fractional-rounded). Pairs of the other field are ignored. A time earlier than the previous
    /// pair's is taken as the previous pair's: a stream cannot go back.
    public mutating func feed(field: Int, _ first: UInt8, _ second: UInt8, at time: Milliseconds) {
        guard field == channel.field else { return }
        let now = max(time, lastTime ?? time)
        lastTime = now
        let a = first & 0x7F
        if (0x10...0x1F).contains(a) {
            control(first, second, at: now)
            return
        }
        previousControl = nil
        if a != 0 && a < 0x10 {
            // XDS starts (or continues) in field 2; in field 1 these bytes mean nothing. Either way
            // the characters that follow are not captions until a control code says whose they are.
            dataChannel = nil
            return
        }
        guard dataChannel == channel.dataChannel, !textMode else { return }
        character(first, at: now)
        character(second, at: now)
    }

    /// Ends the stream at `time` (nil: a caption still shown ends 5 s after it appeared) and returns
    /// every caption, in start order. Call it once.
    public mutating func finish(at time: Milliseconds?) -> [CaptionEvent] {
        if let message = parity.message { diagnostics.append(.warning(line: nil, message)) }
        parity = ParityCount()
        return timeline.finish(at: time, screen: displayed)
    }

    // MARK: - Pairs

    private mutating func control(_ first: UInt8, _ second: UInt8, at time: Milliseconds) {
        guard CEA608Characters.hasOddParity(first), CEA608Characters.hasOddParity(second) else {
            parity.controls += 1
            previousControl = nil
            return
        }
        if let previous = previousControl, previous.first == first, previous.second == second,
           time - previous.time <= Self.doubleWindow {
            previousControl = nil
            return
        }
        previousControl = (first, second, time)
        guard second & 0x7F >= 0x20 else { return }
        let (command, named) = CEA608Command.decode(first, second)
        dataChannel = named
        guard named == channel.dataChannel else { return }
        execute(command, at: time)
    }

    private mutating func character(_ byte: UInt8, at time: Milliseconds) {
        let b = byte & 0x7F
        guard b >= 0x20 else { return } // null (padding), or a code where only a character may be
        var shown = CEA608Characters.standard(b)
        if !CEA608Characters.hasOddParity(byte) {
            if byte & 0x80 != 0 {
                parity.damaged += 1
                shown = CEA608Characters.standard(0x7F)
            } else {
                parity.unset += 1
            }
        }
        write(shown, at: time)
    }

    // MARK: - Commands

    private mutating func execute(_ command: CEA608Command, at time: Milliseconds) {
        switch command {
        case .misc(let misc):
            executeMisc(misc, at: time)
            return
        case .ignored, .background, .characters:
            // Backgrounds are not drawn, and ffmpeg and ttconv give them no column either.
            return
        default:
            break
        }
        guard !textMode else { return }
        switch command {
        case .special(let b):
            let index = Int(b) - 0x30
            guard CEA608Characters.special.indices.contains(index) else { return }
            write(CEA608Characters.special[index], at: time)
        case .extended(let first, let second):
            let table = first == 0x12 ? CEA608Characters.extended12 : CEA608Characters.extended13
            let index = Int(second) - 0x20
            guard table.indices.contains(index) else { return }
            // It replaces the character before it: the fallback sent for decoders without the set.
            if column > 0 { column -= 1 }
            write(table[index], at: time)
        case .preamble(let row, let indent, let attribute, let underline):
            preamble(row: row - 1, indent: indent, attribute: attribute, underline: underline, at: time)
        case .midRow(let attribute, let underline):
            // A mid-row code takes a column, shown as a space, and styles what follows it. Italics
            // keep the colour; a colour turns italics off (CTA-608-E 6.2).
            writeCell(CEA608Cell(scalar: 0x20, style: .plain), at: time)
            if attribute == .italics {
                style.italic = true
            } else {
                style.color = UInt8(attribute.rawValue)
                style.italic = false
            }
            style.underline = underline
        case .tabOffset(let n):
            if column < CEA608Screen.columns - 1 { column = min(column + n, CEA608Screen.columns - 1) }
        case .misc, .ignored, .background, .characters:
            break
        }
    }

    private mutating func executeMisc(_ misc: CEA608Command.Misc, at time: Milliseconds) {
        switch misc {
        case .rcl:
            mode = .popOn
            textMode = false
        case .rdc:
            mode = .paintOn
            textMode = false
        case .ru2, .ru3, .ru4:
            textMode = false
            rollUp(rows: misc == .ru2 ? 2 : misc == .ru3 ? 3 : 4, at: time)
        case .tr, .rtd:
            textMode = true
        case .edm:
            changeScreen(at: time) { $0.clear() }
        case .enm:
            hidden.clear()
        case .eoc:
            let before = displayed
            swap(&displayed, &hidden)
            timeline.structural(at: time, before: before, after: displayed, newCaption: true)
        case .aof, .aon, .fon:
            break // alarm codes (unused) and flash, which is not drawn
        case .bs, .der, .cr:
            guard !textMode else { return } // the text service's own editing
            if misc == .cr {
                carriageReturn(at: time)
            } else if misc == .bs {
                guard column > 0 else { return }
                column -= 1
                put(.empty, row: row, column: min(column, CEA608Screen.width - 1), at: time)
            } else {
                for c in column..<CEA608Screen.width { put(.empty, row: row, column: c, at: time) }
            }
        }
    }

    /// PAC: the cursor goes to the row and indent, the style to the PAC's. In roll-up the row is the
    /// new base row, and a window on another row moves there with its rows.
    private mutating func preamble(row newRow: Int, indent: Int, attribute: CEA608Command.Attribute, underline: Bool,
                                   at time: Milliseconds) {
        style = CEA608Style(color: attribute == .italics ? 0 : UInt8(attribute.rawValue), italic: attribute == .italics,
                            underline: underline)
        column = min(indent, CEA608Screen.columns - 1)
        guard mode == .rollUp else {
            row = newRow
            return
        }
        // The window must fit on the screen: a base row above it is moved down to fit.
        let base = max(newRow, rollUpRows - 1)
        if base != baseRow {
            var moved = CEA608Screen()
            for k in 0..<rollUpRows where baseRow - k >= 0 && base - k >= 0 {
                moved.copyRow(base - k, from: displayed, row: baseRow - k)
            }
            changeScreen(at: time) { $0 = moved }
            baseRow = base
        }
        row = baseRow
    }

    /// RU2-RU4. Coming from pop-on or paint-on, both memories are erased (CTA-608-E) and the window
    /// starts at row 15; otherwise only the window's height changes, and rows above a smaller window go.
    private mutating func rollUp(rows: Int, at time: Milliseconds) {
        let erase = mode != .rollUp
        if erase {
            mode = .rollUp
            hidden.clear()
            baseRow = CEA608Screen.rows - 1
            column = 0
            style = .plain
        }
        rollUpRows = rows
        baseRow = max(baseRow, rows - 1)
        row = baseRow
        let (top, base) = (baseRow - rows + 1, baseRow)
        changeScreen(at: time) { screen in
            if erase { screen.clear() }
            for r in 0..<CEA608Screen.rows where r < top || r > base { screen.clear(row: r) }
        }
    }

    /// CR in roll-up: the window's rows move up one, the top one leaves, the base row starts empty
    /// with the cursor at its start in plain white. Pop-on and paint-on have no use for it (ignored).
    private mutating func carriageReturn(at time: Milliseconds) {
        guard mode == .rollUp else { return }
        let (top, base) = (max(0, baseRow - rollUpRows + 1), baseRow)
        changeScreen(at: time) { screen in
            for r in top..<base { screen.moveRow(r + 1, to: r) }
            screen.clear(row: base)
        }
        column = 0
        style = .plain
    }

    // MARK: - Writing

    private mutating func write(_ character: Character, at time: Milliseconds) {
        let scalar = character.unicodeScalars.first?.value ?? 0x20
        writeCell(CEA608Cell(scalar: scalar, style: style), at: time)
    }

    /// Puts a cell at the cursor and moves the cursor right; at the row's end the last cell is
    /// overwritten (CTA-608's rule, past the kept overflow: `CEA608Screen`).
    private mutating func writeCell(_ cell: CEA608Cell, at time: Milliseconds) {
        let c = min(column, CEA608Screen.width - 1)
        column = min(column + 1, CEA608Screen.width)
        put(cell, row: row, column: c, at: time)
    }

    /// Sets one cell of the memory the mode writes to: the non-displayed one in pop-on, else the
    /// screen, where a cell that changes is growth of the state shown.
    private mutating func put(_ cell: CEA608Cell, row r: Int, column c: Int, at time: Milliseconds) {
        if mode == .popOn {
            hidden[r, c] = cell
        } else if displayed[r, c] != cell {
            timeline.growth(at: time, before: displayed)
            displayed[r, c] = cell
        }
    }

    /// A structural change of the screen (EDM, a roll, a window that moves or shrinks).
    private mutating func changeScreen(at time: Milliseconds, _ change: (inout CEA608Screen) -> Void) {
        let before = displayed
        change(&displayed)
        timeline.structural(at: time, before: before, after: displayed)
    }
}

/// Bytes that failed odd parity, by what became of them.
private struct ParityCount {
    var controls = 0, damaged = 0, unset = 0

    var message: String? {
        guard controls + damaged + unset > 0 else { return nil }
        var parts: [String] = []
        if controls > 0 { parts.append("\(controls) control code\(controls == 1 ? "" : "s") ignored") }
        if damaged > 0 { parts.append("\(damaged) damaged character\(damaged == 1 ? "" : "s") shown as █") }
        if unset > 0 { parts.append("\(unset) character\(unset == 1 ? "" : "s") sent without a parity bit shown as sent") }
        return "CEA-608 bytes with parity errors: " + parts.joined(separator: ", ")
    }
}
