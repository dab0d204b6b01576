import CaptionModel
import Foundation

/// Reads the rest of a script after the first Dialogue or Comment line of a long `[Events]` section
/// in parts, one per core, into the reader's rows.
///
/// The rest is cut at line starts into parts of about equal size. Each part is read by a copy of the
/// reader on the byte path alone (`eventLine`, which touches nothing but the rows, their lines and
/// Comment rows), until a line that path leaves to `line` (the next section's header, a malformed or
/// unusual line, a Format line). The parts are then joined in order: each part's rows, its line numbers
/// counted from the file's start, its Comment lines placed among the rows, and from a line where it
/// stopped, the rest of that part read line by line by the reader itself, as one reader would have.
/// If that changed the section or the columns (a header, a second Format line), the parts after it,
/// read as events with the old columns, are read again line by line. (No pass looks for the section's
/// end first: a part finds it by stopping there.)
enum ASSEventParts {
    /// Below this, one reader: splitting costs more than it saves.
    static let minimumPartSize = 1 << 20

    /// What one part read, up to the line where it stopped.
    struct Part {
        var rows: [ASSEventRow] = []
        /// The values the rows' fields index.
        var fields = ASSRowFields()
        /// Line numbers counted from the part's first line (1).
        var eventLines: [Int32] = []
        /// Comment lines, placed by the rows of this part before them.
        var comments: [ASSScript.Positioned<ASSOtherEvent>] = []
        /// The first line the byte path left, and its number in the part; nil when it read every line.
        var stop: (offset: Int, line: Int)?
        var lineCount = 0
    }

    /// Reads `from` to the end of the input in parts into `reader`; false, having read nothing, when the
    /// rest is too short to split (`parts`, for tests, asks for that many parts whatever the size).
    static func read(_ b: UnsafeBufferPointer<UInt8>, from start: Int, firstLine: Int, input: InputBytes, parts wanted: Int?,
                     into reader: inout ASSReader) -> Bool {
        let end = b.count
        let count = wanted ?? min(Cores.count, 8, (end - start) / minimumPartSize)
        let cuts = cut(b, start..<end, into: count)
        guard cuts.count > 2 else { return false }

        var template = reader
        template.rows = []
        template.eventLines = []
        template.made = [:]
        template.script.otherEvents = []
        template.diagnostics = []
        template.arena = TextArenaWriter(sharing: template.fields.source)
        template.textScanner = ASSTextScanner()
        template.document = CaptionDocument()
        let state = PartState(bytes: b, cuts: cuts, template: template, input: input)
        DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { state.read($0) }

        var lastLine = firstLine - 1
        var readAsEvents = true
        reader.eventLines.reserveCapacity(reader.eventLines.count + state.slots.reduce(0) { $0 + ($1?.eventLines.count ?? 0) })
        reader.script.otherEvents.reserveCapacity(reader.script.otherEvents.count + state.slots.reduce(0) { $0 + ($1?.comments.count ?? 0) })
        for k in 0..<(cuts.count - 1) {
            let range = cuts[k]..<cuts[k + 1]
            guard readAsEvents else {
                lastLine += reader.readLines(b, range, firstLine: lastLine + 1, input: input)
                continue
            }
            let part = state.slots[k]!
            let base = reader.rowCount
            reader.appendRun(ASSEventRun(rows: part.rows, fields: part.fields))
            let offset = Int32(clamping: lastLine)
            for line in part.eventLines { reader.eventLines.append(line + offset) }
            // One by one: appending the array would copy its elements through generic value witnesses.
            for comment in part.comments { reader.script.otherEvents.append(.init(position: comment.position + base, value: comment.value)) }
            guard let stop = part.stop else {
                lastLine += part.lineCount
                continue
            }
            let format = reader.eventFormat, headers = reader.headerCount
            lastLine += stop.line - 1
            lastLine += reader.readLines(b, stop.offset..<range.upperBound, firstLine: lastLine + 1, input: input)
            readAsEvents = reader.eventFormat == format && reader.headerCount == headers
        }
        return true
    }

    /// `range` cut after line feeds into at most `n` parts of about equal size: the cut points, first
    /// and last included.
    static func cut(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into n: Int) -> [Int] {
        guard n > 1, let base = b.baseAddress, !range.isEmpty else { return [range.lowerBound, range.upperBound] }
        var cuts = [range.lowerBound]
        for k in 1..<n {
            let target = max(range.lowerBound + range.count * k / n, cuts.last!)
            guard target < range.upperBound, let lf = memchr(base + target, 0x0A, range.upperBound - target) else { break }
            let cut = UnsafePointer<UInt8>(lf.assumingMemoryBound(to: UInt8.self)) - base + 1
            guard cut < range.upperBound else { break }
            if cut > cuts.last! { cuts.append(cut) }
        }
        cuts.append(range.upperBound)
        return cuts
    }

    /// The parts' shared input and their results. During `concurrentPerform` each part reads the input
    /// and its own copy of the template, and writes only its own slot.
    private final class PartState: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let cuts: [Int]
        let template: ASSReader
        let input: InputBytes
        let slots: UnsafeMutableBufferPointer<Part?>

        init(bytes: UnsafeBufferPointer<UInt8>, cuts: [Int], template: ASSReader, input: InputBytes) {
            self.bytes = bytes
            self.cuts = cuts
            self.template = template
            self.input = input
            slots = .allocate(capacity: cuts.count - 1)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func read(_ k: Int) {
            var reader = template
            let offset = cuts[k]
            // No Dialogue line is shorter than this: the rows never move as they grow (untouched
            // capacity costs no memory).
            reader.rows.reserveCapacity((cuts[k + 1] - offset) / 40)
            var scanner = LineScanner(UnsafeBufferPointer(rebasing: bytes[offset..<cuts[k + 1]]), releasing: input, at: offset)
            var part = Part()
            // Comment lines are placed by the rows before them; a part counts from its own first row
            // (the template still counts the runs of an earlier section read in parts).
            let base = reader.rowCount
            while let found = scanner.next() {
                let range = found.lowerBound + offset..<found.upperBound + offset
                // Blank lines mean nothing in [Events].
                if bytes.isBlank(range) { continue }
                guard reader.eventLine(bytes, range, number: scanner.lineNumber) else {
                    part.stop = (range.lowerBound, scanner.lineNumber)
                    break
                }
            }
            part.lineCount = scanner.lineNumber
            part.rows = reader.rows
            part.fields = reader.fields
            part.eventLines = reader.eventLines
            part.comments = reader.script.otherEvents.map { .init(position: $0.position - base, value: $0.value) }
            slots[k] = part
        }
    }
}

extension ASSReader {
    /// The lines of `range` read one by one (`eventLine` in `[Events]`, else `line`), numbered from
    /// `firstLine`; returns how many there were.
    mutating func readLines(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int, input: InputBytes) -> Int {
        var scanner = LineScanner(UnsafeBufferPointer(rebasing: b[range]), releasing: input, at: range.lowerBound)
        while let found = scanner.next() {
            let line = found.lowerBound + range.lowerBound..<found.upperBound + range.lowerBound
            let number = firstLine - 1 + scanner.lineNumber
            if section == .events, eventLine(b, line, number: number) { continue }
            self.line(b, line, number: number)
        }
        return scanner.lineNumber
    }
}
