import CaptionModel
@testable import CaptionFormats
import CaptionTestSupport
import CaptionExpectations
import Testing

/// A long SRT read in parts (one per core) gives exactly what one reader gives: events, their lines and
/// every warning with its line number, on a file with all the cases the reader is lenient about.
@Suite struct SRTPartsTests {
    /// About `cues` cues mixing indexes and none, markup, numbers as text, blank-line-less cues,
    /// malformed timings, end-before-start, text outside cues and empty cues; CRLF when asked.
    static func messy(cues: Int, crlf: Bool) -> [UInt8] {
        var random = SplitMix64(seed: 11)
        var text = ""
        func time(_ ms: Int) -> String {
            let h = ms / 3_600_000, m = ms / 60_000 % 60, s = ms / 1000 % 60
            return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s),\(String(ms % 1000 + 1000).dropFirst())"
        }
        for n in 1...cues {
            let start = n * 1000, kind = Int(random.byte()) % 12
            if kind != 3 { text += "\(n)\n" }
            switch kind {
            case 4: text += "\(time(start)) --> nonsense\nlost text\n"
            case 5: text += "\(time(start + 900)) --> \(time(start))\nbackwards\n"
            case 6: text += "\(time(start)) --> \(time(start + 800))\n<i>slanted</i> and <b>bold</b>\n42\n"
            case 7: text += "\(time(start)) --> \(time(start + 800))\n"
            case 8: text += "\(time(start)) --> \(time(start + 800)) X1:10 X2:20 Y1:5 Y2:9\n{\\an8}top\n"
            default: text += "\(time(start)) --> \(time(start + 800))\nline one of \(n)\nline two\n"
            }
            if kind == 9 { continue } // no blank line: the next index and timing still start a cue
            text += kind == 10 ? "\n\nstray words\n\n" : "\n"
        }
        return Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8)
    }

    @Test(arguments: [false, true])
    func partsReadWhatOneReaderReads(crlf: Bool) throws {
        let bytes = Self.messy(cues: 20_000, crlf: crlf)
        let input = InputBytes(bytes)
        let (one, parts, split) = input.withUnsafeBufferPointer { b in
            (SRTParts.read(b, input: input, parts: 1), SRTParts.read(b, input: input, parts: 5), SRTParts.split(b, into: 5))
        }
        try #require(split.count == 5, "the file should split into 5 parts: \(split)")
        expectTrue(one.events.count > 15_000 && one.diagnostics.count > 1000)
        expectEqual(parts.events, one.events)
        expectEqual(parts.lines, one.lines)
        expectEqual(parts.diagnostics, one.diagnostics)
        expectEqual(parts.sawCueStart, one.sawCueStart)
        // Each part after the first starts at an index line after a blank line.
        for range in split.dropFirst() {
            expectTrue(bytes[range.lowerBound - 1] == 0x0A && (bytes[range.lowerBound] >= 0x30 && bytes[range.lowerBound] <= 0x39))
        }
    }

    /// A bare CR (old Mac line ends) keeps one part: its lines are not its LFs.
    @Test func aBareCRKeepsOnePart() {
        let bytes = Array("1\r00:00:01,000 --> 00:00:02,000\rhi\r\r".utf8) + Self.messy(cues: 2000, crlf: false)
        let parts = bytes.withUnsafeBufferPointer { SRTParts.split($0, into: 4) }
        expectEqual(parts, [0..<bytes.count])
    }
}
