import CaptionModel
import Foundation

/// Writes EBU STL: a GSI block, then one TTI block per caption, with extension blocks when its text
/// passes a block's 112 bytes.
///
/// GSI choices: code page 850; display standard 0, open subtitling (not teletext: Tech 3264 defines
/// the italics and underline codes the model's spans need for open subtitles only, and teletext
/// readers reset styles at each row, which spans crossing a line break would not survive); character
/// code table 00 (ISO 6937, Latin); the language from the document's `Language` metadata, else 00
/// (unknown); the title from its `Title`; creation and revision date today (UTC); 40 characters by 23
/// rows (the teletext grid VP counts in); one subtitle group; time code status 1 and the programme
/// start 00:00:00:00, since times are written as they are, not offset. The frame rate is
/// `WriteOptions.frameRate`: 25 by default (STL25.01), 30 or 29.97 as STL30.01 counted in 29.97
/// drop-frame as ttconv reads it, 24 and 50 as STL24.01 and STL50.01.
enum STLWriter {
    /// Extension block numbers run 0x00-0xEF before the last block's 0xFF: 241 blocks at most.
    static let maxBlocksPerSubtitle = 0xF0 + 1
    /// Warnings naming a cue with characters ISO 6937 lacks, before the rest are counted in one.
    static let namedCueLimit = 10

    static func write(_ document: CaptionDocument, options: WriteOptions, into sink: ByteSink) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var rate = STLFrameRate.pal
        if let requested = options.frameRate {
            if let known = STLFrameRate(writing: requested) { rate = known } else {
                diagnostics.append(.warning(line: nil, "EBU STL has no frame rate code for \(requested) fps (it has 25, 30, 24 and 50); written at 25 fps (STL25.01)"))
            }
        }
        var blocks: [STLTextBlock] = []
        var lost = LostFeatures()
        // Of an ASS script: the style's looks become control codes, its Alignment a row; `\pos` cannot.
        let ass = ASSFeatureLoss(document)
        let holds: ASSFeatureLoss.Holds = [.placement, .styleLooks]
        ASSFeatureLoss.noteScript(document, keptKeys: ["title", "language"], holds: holds, into: &lost)
        var cuesWithCharacters = 0, longLines = 0, subtitles = 0
        for (index, event) in document.events.enumerated() {
            lost.event = index
            var text = event.text
            var placement = event.placement
            if let fields = event.ass {
                if let shown = ass.convert(event, fields, holds: holds, emptyLines: .keep, lost: &lost) { text = shown }
                if let anchor = ass.anchor(of: event) { placement = placement ?? CuePlacement(); placement?.anchor = anchor }
                if placement?.point != nil { lost.note("positions (\\pos; the alignment is kept)") }
            }
            guard !text.plain.allSatisfy(\.isWhitespace) else { lost.note("empty cues", instead: "skipped"); continue }
            let encoder = STLTextEncoder(text)
            for feature in encoder.losses.features { lost.note(feature) }
            if !event.words.isEmpty { lost.note("word timings") }
            if event.start < 0 || event.end < 0 { lost.note("negative times", instead: "written as 00:00:00:00") }
            if !encoder.losses.characters.isEmpty {
                cuesWithCharacters += 1
                if cuesWithCharacters <= namedCueLimit {
                    let shown = encoder.losses.characters.reduce(into: [Character]()) { if !$0.contains($1) { $0.append($1) } }
                        .map { "'\($0)' (U+\(String($0.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)))" }.joined(separator: ", ")
                    diagnostics.append(.warning(line: nil, "EBU STL's character table (ISO 6937) has no \(shown) in cue \(index + 1) at \(CaptionTime.clock(event.start)); written as the closest characters it has"))
                }
            }
            if text.plain.split(separator: "\n").contains(where: { $0.count > 40 }) { longLines += 1 }
            subtitles += 1
            var block = STLTextBlock()
            block.number = UInt16(truncatingIfNeeded: subtitles)  // wraps past 65,535 subtitles, as the field must
            block.timeIn = STLTimecode(nearest: event.start, at: rate)
            block.timeOut = STLTimecode(nearest: event.end, at: rate)
            if block.timeOut.frameNumber(at: rate) <= block.timeIn.frameNumber(at: rate) {
                // Shorter than a frame: shown for one frame rather than not at all (readers skip TCO <= TCI).
                block.timeOut = STLTimecode(nearest: rate.rate.milliseconds(frames: block.timeIn.frameNumber(at: rate) + 1), at: rate)
            }
            (block.verticalPosition, block.justification) = STLPlacement.rowAndJustification(placement, lines: encoder.lines)
            let pieces = split(encoder.bytes)
            if pieces.count > maxBlocksPerSubtitle { lost.note("text longer than 241 TTI blocks", instead: "cut short") }
            for (k, piece) in pieces.prefix(maxBlocksPerSubtitle).enumerated() {
                block.extensionNumber = k == min(pieces.count, maxBlocksPerSubtitle) - 1 ? STLTextBlock.lastExtension : UInt8(k)
                block.text = piece
                blocks.append(block)
            }
        }
        if cuesWithCharacters > namedCueLimit {
            diagnostics.append(.warning(line: nil, "EBU STL's character table (ISO 6937) lacks characters in \(cuesWithCharacters - namedCueLimit) more cues; written as the closest characters it has"))
        }
        if longLines > 0 {
            diagnostics.append(.warning(line: nil, "\(longLines) cue\(longLines == 1 ? " has" : "s have") lines longer than the 40 characters of a teletext row; written as they are"))
        }
        diagnostics += lost.diagnostics(format: "EBU STL")

        let language = document.metadata.first { $0.key.lowercased() == "language" }.map { STLLanguageCodes.code(for: $0.value) } ?? "00"
        let title = document.metadata.first { $0.key.lowercased() == "title" }?.value ?? ""
        let gsi = STLGeneralInfo(diskFormatCode: rate.diskFormatCode, displayStandard: 0x30, characterTable: STLCharacterTable.latin.rawValue,
                                 languageCode: language, programmeTitle: asciiTitle(title))
        let first = blocks.first?.timeIn ?? STLTimecode(hours: 0, minutes: 0, seconds: 0, frames: 0)
        let firstCue = [first.hours, first.minutes, first.seconds, first.frames].map { $0 < 10 ? "0\($0)" : "\($0 % 100)" }.joined()
        let header = gsi.bytes(.init(blocks: blocks.count, subtitles: subtitles, firstCue: firstCue, date: Date()))
        header.withUnsafeBufferPointer { sink.append($0) }
        for block in blocks {
            block.bytes.withUnsafeBufferPointer { sink.append($0) }
        }
        return diagnostics
    }

    /// The text field's bytes in pieces of at most 112, never parting an ISO 6937 diacritic from its letter.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        repeat {
            var end = min(start + STLTextBlock.textFieldSize, bytes.count)
            if end < bytes.count, end > start + 1, ISO6937.combiningMark(bytes[end - 1]) != nil { end -= 1 }
            pieces.append(Array(bytes[start..<end]))
            start = end
        } while start < bytes.count
        return pieces
    }

    /// The title in the GSI's code page: ASCII, accents dropped (its decomposition's ASCII letters), else "?".
    private static func asciiTitle(_ title: String) -> String {
        String(title.flatMap { character -> [Character] in
            if character.isASCII { return character.isNewline ? [" "] : [character] }
            let ascii = String(character).decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII).map(Character.init)
            return ascii.isEmpty ? ["?"] : ascii
        })
    }
}
