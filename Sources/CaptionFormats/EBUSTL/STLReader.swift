import CaptionModel

/// Reads an EBU STL file (Tech 3264): the GSI block, then TTI blocks of 128 bytes to the end of the
/// file (the GSI's block count is often wrong, so it is not trusted).
///
/// As ttconv reads STL, which is the reference the corpus measures against:
/// - times are the TTI time codes as written, counted at the GSI's frame rate (`STLFrameRate`); the
///   time code of the start of programme (TCP) is not subtracted;
/// - a subtitle's extension blocks (EBN 0x00-0xEF) are joined up to its last block (EBN 0xFF), whose
///   time codes, position and justification are the subtitle's; user data blocks (EBN 0xF0-0xFE) are skipped;
/// - a subtitle whose time code out is not after its time code in is skipped;
/// - a cumulative set (CS 1, 2... 3: rows added to the screen one by one) is read as the screen's
///   states: one event for each stretch of time in which the same rows are shown, their texts one row each.
/// Comment blocks (CF 1) are skipped: they are notes in the file, not for display.
///
/// Unlike ttconv, a time code with minutes, seconds or frames out of range skips its subtitle with a
/// warning rather than counting on, and a subtitle that starts before the previous one ended keeps
/// its time (ttconv moves the start to the previous end). Warnings name the TTI block (1 is the first
/// after the GSI) where text formats name a line.
struct STLReader {
    private let name: String
    private let rate: STLFrameRate
    private let table: STLCharacterTable
    private let teletext: Bool
    private var diagnostics: [Diagnostic]
    private var events: [CaptionEvent] = []
    private var eventBlocks: [Int32] = []
    private var arena = TextArenaWriter()
    /// The open cumulative set's subtitles.
    private var cumulative: [Subtitle] = []

    /// One subtitle, read and decoded.
    private struct Subtitle {
        var block: Int
        var start: Milliseconds
        var end: Milliseconds
        var text: CaptionText
        var placement: CuePlacement?
    }

    static func read(_ input: DecodedText) throws -> ParseResult {
        let name = input.sourceName
        guard input.encoding == DecodedText.binaryEncoding || input.encoding == "UTF-8" else {
            // Transcoded bytes are no longer the file's: the blocks' fields would all be shifted.
            throw CaptionFormatError(.malformed, "\(name): EBU STL is binary, but these bytes were decoded as \(input.encoding) text; read the file itself")
        }
        return try input.utf8.withUnsafeBufferPointer { bytes in
            guard bytes.count >= STLGeneralInfo.size else {
                throw CaptionFormatError(.malformed, "\(name) is too short for EBU STL: \(bytes.count) bytes, where the GSI block alone is \(STLGeneralInfo.size)")
            }
            guard STLGeneralInfo.hasSignature(bytes) else {
                throw CaptionFormatError(.malformed, "\(name) is not EBU STL: its GSI block has no disk format code (STL25.01 or STL30.01) at bytes 4-11")
            }
            let gsi = STLGeneralInfo(bytes)
            var diagnostics = input.diagnostics
            let rate = STLFrameRate(diskFormatCode: gsi.diskFormatCode) ?? {
                diagnostics.append(.warning(line: nil, "GSI disk format code '\(gsi.diskFormatCode)' is not STL25.01 or STL30.01; time codes read at 25 fps"))
                return .pal
            }()
            let table: STLCharacterTable
            if let known = STLCharacterTable(rawValue: gsi.characterTable) {
                table = known
            } else if gsi.characterTable.isEmpty {
                diagnostics.append(.warning(line: nil, "GSI character code table is blank; text read as 00 (\(STLCharacterTable.latin.name))"))
                table = .latin
            } else {
                let known = STLCharacterTable.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ")
                throw CaptionFormatError(.malformed, "\(name): GSI character code table '\(gsi.characterTable)' is not one EBU STL defines (\(known)); the text cannot be read")
            }
            var reader = STLReader(name: name, rate: rate, table: table, teletext: gsi.isTeletext, diagnostics: diagnostics)
            let blockCount = reader.readBlocks(bytes)
            var document = CaptionDocument(events: reader.events)
            if !gsi.programmeTitle.isEmpty { document.metadata.append(MetadataEntry(key: "Title", value: gsi.programmeTitle)) }
            if let language = STLLanguageCodes.languages[gsi.languageCode] {
                document.metadata.append(MetadataEntry(key: "Language", value: language))
            }
            guard !reader.events.isEmpty else {
                let first = reader.diagnostics.first { $0.line != nil }.map { "; the first problem: \($0)" } ?? ""
                throw CaptionFormatError(.malformed, "\(name): no usable subtitle in \(blockCount) TTI block\(blockCount == 1 ? "" : "s")\(first)")
            }
            return ParseResult(document: document, diagnostics: reader.diagnostics, eventLines: reader.eventBlocks)
        }
    }

    private init(name: String, rate: STLFrameRate, table: STLCharacterTable, teletext: Bool, diagnostics: [Diagnostic]) {
        self.name = name; self.rate = rate; self.table = table; self.teletext = teletext; self.diagnostics = diagnostics
    }

    /// Reads every TTI block after the GSI; returns how many there were.
    private mutating func readBlocks(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        /// The subtitle whose extension blocks are being joined: its number, first block and text so far.
        var pending: (number: UInt16, block: Int, text: [UInt8])?
        var offset = STLGeneralInfo.size, number = 0
        while offset < bytes.count {
            number += 1
            guard bytes.count - offset >= STLTextBlock.size else {
                warn(number, "cut short (\(bytes.count - offset) of \(STLTextBlock.size) bytes); block skipped")
                break
            }
            let block = STLTextBlock(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + STLTextBlock.size)]))
            offset += STLTextBlock.size
            if block.isUserData || block.comment == 1 { continue }
            if let open = pending, open.number != block.number {
                warn(open.block, "subtitle \(open.number) has extension blocks but no last one (EBN 0xFF); subtitle skipped")
                pending = nil
            }
            var joined = pending ?? (block.number, number, [])
            joined.text += block.trimmedText
            guard block.isLast else { pending = joined; continue }
            pending = nil
            subtitle(block, text: joined.text, number: joined.block)
        }
        if let open = pending {
            warn(open.block, "subtitle \(open.number) has extension blocks but no last one (EBN 0xFF); subtitle skipped")
        }
        closeCumulativeSet()
        return number
    }

    /// One whole subtitle: its last block (times, position) and its joined text.
    private mutating func subtitle(_ block: STLTextBlock, text field: [UInt8], number: Int) {
        for (code, which) in [(block.timeIn, "in"), (block.timeOut, "out")] where !code.isValid(at: rate) {
            warn(number, "time code \(which) \(code) is not a time code at \(rate.nominal) fps; subtitle skipped")
            return
        }
        let start = block.timeIn.milliseconds(at: rate), end = block.timeOut.milliseconds(at: rate)
        guard end > start else {
            warn(number, "time code out \(block.timeOut) is not after time code in \(block.timeIn); subtitle skipped")
            return
        }
        let text = STLTextField.decode(field, table: table, teletext: teletext)
        // An empty subtitle shows nothing: teletext files use them to clear the screen.
        guard !text.isEmpty else { return }
        let subtitle = Subtitle(block: number, start: start, end: end, text: text,
                                placement: STLPlacement.placement(verticalPosition: block.verticalPosition, justification: block.justification))
        switch block.cumulativeStatus {
        case 1:
            closeCumulativeSet()
            cumulative = [subtitle]
        case 2, 3:
            cumulative.append(subtitle)
            if block.cumulativeStatus == 3 { closeCumulativeSet() }
        default:
            closeCumulativeSet()
            add(subtitle)
        }
    }

    private mutating func add(_ subtitle: Subtitle) {
        events.append(CaptionEvent(start: subtitle.start, end: subtitle.end, plain: arena.append(subtitle.text.plain),
                                   spans: subtitle.text.spans, placement: subtitle.placement))
        eventBlocks.append(Int32(clamping: subtitle.block))
    }

    /// A cumulative set as screen states: between each two instants where a row appears or goes,
    /// the rows shown then, in the set's order, placed where its first row is.
    private mutating func closeCumulativeSet() {
        defer { cumulative = [] }
        guard cumulative.count > 1 else { cumulative.first.map { add($0) }; return }
        let instants = Set(cumulative.flatMap { [$0.start, $0.end] }).sorted()
        var previous: Subtitle?
        for (from, to) in zip(instants, instants.dropFirst()) {
            let shown = cumulative.filter { $0.start <= from && $0.end > from }
            guard let first = shown.first else {
                previous.map { add($0) }; previous = nil; continue
            }
            var plain = "", spans: [TextSpan] = []
            for row in shown {
                if !plain.isEmpty { plain += "\n" }
                let offset = plain.utf8.count
                spans += row.text.spans.map { TextSpan(start: $0.start + offset, end: $0.end + offset, kind: $0.kind) }
                plain += row.text.plain
            }
            let state = Subtitle(block: first.block, start: from, end: to, text: CaptionText(plain: plain, spans: spans),
                                 placement: first.placement)
            // The same rows over two stretches (one row's end and another's start at once) are one state.
            if var last = previous, last.text == state.text, last.end == from {
                last.end = to
                previous = last
            } else {
                previous.map { add($0) }
                previous = state
            }
        }
        previous.map { add($0) }
    }

    private mutating func warn(_ block: Int, _ message: String) {
        diagnostics.append(.ttiBlock(block, message))
    }
}

extension Diagnostic {
    /// A warning about EBU STL's TTI block `number` (1 is the first after the GSI): `TTI block 3: ...`.
    static func ttiBlock(_ number: Int, _ message: String) -> Diagnostic {
        var diagnostic = Diagnostic.warning(line: number, message)
        diagnostic.location = "TTI block"
        return diagnostic
    }
}
