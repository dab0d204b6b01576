import Foundation
import CaptionExpectations
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
                    guard let line = scanner.next() else { expectNil(peeked); break }
                    if let peeked { expectEqual(peeked, line) }
                    lines.append(line)
                    numbers.append(scanner.lineNumber)
                }
                return (lines, numbers, scanner.hasNoCR)
            }
            let expected = Self.referenceLines(bytes)
            expectEqual(lines.lines, expected, "round \(round): \(bytes.prefix(40))")
            expectEqual(lines.numbers, (0..<expected.count).map { $0 + 1 }, "round \(round)")
            expectEqual(lines.noCR, !bytes.contains(0x0D), "round \(round)")
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
            if String(validating: bytes, as: UTF8.self) != nil { expectNil(one, "round \(round)") } else { expectTrue(one != nil, "round \(round)") }
            for parts in [2, 3, 5, 8] {
                expectEqual(UTF8Validation.firstInvalidOffset(InputBytes(bytes), parts: parts), one, "round \(round) in \(parts) parts: \(bytes)")
            }
        }
    }

    /// A file read into memory of its own: the same bytes, read in parallel parts from 4 MiB (and
    /// the 2 MiB pages asked for in the middle of a large room do not change them).
    @Test func aFileReadIntoOwnedMemoryHoldsItsBytes() throws {
        var g = ASSParserDifferentialTests.Random(state: 11)
        for size in [1, 4095, 4096, 70_000, OwnedFileRead.parallelSize + 12_345] {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: g.int(0...255)) }
            let path = try Self.temporaryFile(bytes)
            defer { unlink(path) }
            let read = try #require(InputBytes(readingFile: path, when: { $0 == Array(bytes.prefix(4096)) }))
            expectEqual(read.owned?.count, size)
            expectEqual(read.asArray, bytes, "\(size) bytes")
            expectNil(InputBytes(readingFile: path, when: { _ in false }))
        }
        expectNil(InputBytes(readingFile: "/dev/null", when: { _ in true }))
        expectNil(InputBytes(readingFile: NSTemporaryDirectory(), when: { _ in true }))
    }

    /// A script's texts point into its input, which is the reader's own memory, not a mapping of
    /// the file: rewriting the file in place after the read (an editor saving over it while a burn
    /// still draws it) changes nothing read, where a mapped page cut off by the truncation would
    /// stop the process with SIGBUS. A file that is not a script stays mapped.
    @Test func aScriptsTextsOutliveItsFileRewrittenInPlace() throws {
        var script = "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        for k in 0..<20_000 { script += "Dialogue: 0,0:00:\(String(format: "%02d", k % 60)).00,0:01:00.00,Default,,0,0,0,,{\\i1}line \(k) of the script\n" }
        let path = try Self.temporaryFile(Array(script.utf8))
        defer { unlink(path) }
        let bytes = try CaptionFileReader.readBytes(path)
        expectTrue(bytes.owned != nil)
        let result = try CaptionFileReader.read(path: path)
        expectEqual(result.document.eventCount, 20_000)
        let written = ASSFormat.write(result.document, options: WriteOptions()).text
        // Rewritten in place: truncated, then shorter and different bytes.
        let fd = open(path, O_WRONLY | O_TRUNC)
        expectTrue(fd >= 0)
        _ = "[Script Info]\n".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let events = result.document.events
        expectEqual(events[0].sourceText, "{\\i1}line 0 of the script")
        expectEqual(events[19_999].sourceText, "{\\i1}line 19999 of the script")
        expectEqual(events[19_999].text.plain, "line 19999 of the script")
        expectEqual(ASSFormat.write(result.document, options: WriteOptions()).text, written)
        expectTrue(written.contains("Dialogue: 0,0:00:59.00,0:01:00.00,Default,,0,0,0,,{\\i1}line 19979 of the script\n"))

        let srt = try Self.temporaryFile(Array("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8))
        defer { unlink(srt) }
        expectTrue(try CaptionFileReader.readBytes(srt).owned == nil)
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "readpath-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).bin"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theListedBinaryFormatsAreTheBinaryOnes() {
        var cast: [String] = []
        for format in FormatRegistry.formats where format is any BinarySubtitleFormat.Type { cast.append(format.name) }
        var listed: [String] = []
        for format in FormatRegistry.binaryFormats { listed.append(format.name) }
        expectEqual(listed, cast)
        expectTrue(!cast.isEmpty)
    }
}
