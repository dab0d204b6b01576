import CaptionExpectations
import Testing
@testable import CaptionFormats

/// The writers' byte buffer: numbers and times as digits, chunks handed on in order, a failing
/// destination kept, and the eight-at-a-time scans agreeing with a byte-by-byte look.
@Suite struct ByteSinkTests {
    @Test func decimalsAndTimes() {
        let sink = ByteSink()
        for v in [0, 7, 9, 10, 99, 100, 12345, -1, -305, Int.max, Int.min + 1] { sink.appendDecimal(v); sink.append(0x20) }
        sink.appendDecimal(5, width: 3); sink.append(0x20)
        sink.appendDecimal(1234, width: 2); sink.append(0x20)
        sink.appendTimestamp(3_723_004, separator: 0x2C); sink.append(0x20)
        sink.appendTimestamp(-5, separator: 0x2E); sink.append(0x20)
        sink.appendTimestamp(360_000_000 + 1, separator: 0x2E)
        expectEqual(sink.string, "0 7 9 10 99 100 12345 -1 -305 \(Int.max) \(Int.min + 1) 005 1234 01:02:03,004 00:00:00.000 100:00:00.001")
    }

    @Test func streamsChunksInOrderAndKeepsAFailure() {
        var received: [UInt8] = []
        let sink = ByteSink { received.append(contentsOf: $0); return nil }
        var expected: [UInt8] = []
        for i in 0..<300_000 {
            let text = "line \(i)\n"
            sink.appendString(text)
            expected.append(contentsOf: text.utf8)
        }
        sink.flush()
        expectEqual(received, expected)
        var calls = 0
        let failing = ByteSink { _ in calls += 1; return "No space left on device" }
        let chunk = [UInt8](repeating: 65, count: ByteSink.chunkSize)
        chunk.withUnsafeBufferPointer { empty in
            for _ in 0..<3 { failing.append(UnsafeBufferPointer(rebasing: empty[0..<0])) }
        }
        failing.appendString(String(repeating: "x", count: ByteSink.chunkSize + 10))
        failing.appendString(String(repeating: "y", count: ByteSink.chunkSize + 10))
        failing.flush()
        expectEqual(failing.failure, "No space left on device")
        expectEqual(calls, 1)
    }

    @Test func scansAgreeWithAByteByByteLook() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("abc 12\"\\\n\r\t{}<>&".utf8) + [0x01, 0xC3, 0xA9]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            bytes.withUnsafeBufferPointer { b in
                let json = b.firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
                expectEqual(ByteScan.firstJSONSpecial(b, from: 0), json)
                let ass = b.firstIndex { [0x0A, 0x0D, 0x7B, 0x7D, 0x5C].contains($0) }
                expectEqual(ByteScan.firstASSSpecial(b, from: 0), ass)
                expectEqual(ByteScan.isASCII(b), b.allSatisfy { $0 < 0x80 })
                expectEqual(ByteScan.hasNone(of: (0x26, 0x3C, 0x3E, 0x0D), in: b), !b.contains { [0x26, 0x3C, 0x3E, 0x0D].contains($0) })
            }
        }
    }
}
