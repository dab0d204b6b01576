import Testing
import CaptionModel
@testable import CaptionFormats

/// The steps every read goes through before a format's reader: the line scanner (lazy about carriage
/// returns), UTF-8 validation in parts, and the binary-format check, each against a plain reference.
@Suite struct ReadPathTests {
    /// Lines split at LF, CRLF and a lone CR, the obvious way.
    static func referenceLines(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                lines.append(start..<i)
                i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        return lines
    }

    @Test func linesSplitAsTheReferenceSplitsThem() {
        var g = ASSParserDifferentialTests.Random(state: 7)
        let alphabets: [[UInt8]] = [[0x61, 0x0A], [0x61, 0x0D], [0x61, 0x0D, 0x0A], [0x61, 0x62, 0x0D, 0x0A, 0x0A], [0x61, 0x0D, 0x0D, 0x0A]]
        for round in 0..<1500 {
            let alphabet = alphabets[round % alphabets.count]
            var bytes: [UInt8]
            if round % 100 == 0 {
                // Long inputs: carriage returns are looked for a window at a time. Line ends of the
                // round's kinds strewn over them, and one bare CR.
                bytes = Array(repeating: 0x61, count: g.int(60_000...200_000))
                for _ in 0..<g.int(0...300) { bytes[g.int(0...(bytes.count - 1))] = g.pick(alphabet) }
                bytes[g.int(0...(bytes.count - 1))] = 0x0D
            } else {
                bytes = (0..<g.int(0...40)).map { _ in g.pick(alphabet) }
            }
            let lines = bytes.withUnsafeBufferPointer { b -> (lines: [Range<Int>], numbers: [Int], noCR: Bool) in
                var scanner = LineScanner(b)
                var lines: [Range<Int>] = [], numbers: [Int] = []
                // Peeks now and then: a peeked line must come back from next() unchanged.
                while true {
                    let peeked = g.int(0...3) == 0 ? scanner.peek() : nil
                    guard let line = scanner.next() else { #expect(peeked == nil); break }
                    if let peeked { #expect(peeked == line) }
                    lines.append(line)
                    numbers.append(scanner.lineNumber)
                }
                return (lines, numbers, scanner.hasNoCR)
            }
            let expected = Self.referenceLines(bytes)
            #expect(lines.lines == expected, "round \(round): \(bytes.prefix(40))")
            #expect(lines.numbers == (0..<expected.count).map { $0 + 1 }, "round \(round)")
            #expect(lines.noCR == !bytes.contains(0x0D), "round \(round)")
        }
    }

    @Test func utf8CheckedInPartsFindsTheFirstIllFormedByte() {
        var g = ASSParserDifferentialTests.Random(state: 11)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80],
                                 [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F], [0xFF], Array("abcdefgh".utf8)]
        for round in 0..<2000 {
            var bytes: [UInt8] = []
            let valid = round % 3 == 0
            for _ in 0..<g.int(0...80) {
                let piece = g.pick(pieces)
                if valid, String(validating: piece, as: UTF8.self) == nil { continue }
                bytes += piece
            }
            let one = UTF8Validation.firstInvalidOffset(InputBytes(bytes), parts: 1)
            if String(validating: bytes, as: UTF8.self) != nil { #expect(one == nil, "round \(round)") } else { #expect(one != nil, "round \(round)") }
            for parts in [2, 3, 5, 8] {
                #expect(UTF8Validation.firstInvalidOffset(InputBytes(bytes), parts: parts) == one, "round \(round) in \(parts) parts: \(bytes)")
            }
        }
    }

    @Test func theListedBinaryFormatsAreTheBinaryOnes() {
        var cast: [String] = []
        for format in FormatRegistry.formats where format is any BinarySubtitleFormat.Type { cast.append(format.name) }
        var listed: [String] = []
        for format in FormatRegistry.binaryFormats { listed.append(format.name) }
        #expect(listed == cast)
        #expect(!cast.isEmpty)
    }
}
