import CaptionTestSupport
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// The run-length code against its own decoder on seeded random bitmaps made of runs of every length
/// class (single pixels, short and long runs, runs longer than one code can hold).
@Suite struct PGSRunLengthTests {
    static func bitmap(width: Int, height: Int, random: inout SplitMix64) -> PGSIndexedBitmap {
        var indices: [UInt8] = []
        for _ in 0..<height {
            var line: [UInt8] = []
            while line.count < width {
                let length = [1, 2, 3, Int.random(in: 1...63, using: &random), Int.random(in: 64...400, using: &random)]
                    .randomElement(using: &random)!
                let colour: UInt8 = Bool.random(using: &random) ? 0 : UInt8.random(in: 1...255, using: &random)
                line += [UInt8](repeating: colour, count: min(length, width - line.count))
            }
            indices += line
        }
        return PGSIndexedBitmap(width: width, height: height, indices: indices)
    }

    @Test func randomBitmapsRoundTrip() throws {
        var random = SplitMix64(seed: 34)
        for _ in 0..<40 {
            let original = Self.bitmap(width: Int.random(in: 1...700, using: &random), height: Int.random(in: 1...40, using: &random), random: &random)
            let data = PGSRunLength.encode(original)
            expectTrue(try PGSRunLength.decode(data, width: original.width, height: original.height) == original)
        }
    }

    /// A line wider than the longest run (16383) in one colour, transparent and not.
    @Test func runsLongerThanOneCodeSplit() throws {
        for colour: UInt8 in [0, 7] {
            let original = PGSIndexedBitmap(width: 20000, height: 2, indices: [UInt8](repeating: colour, count: 40000))
            let data = PGSRunLength.encode(original)
            // Two runs (16383 + 3617) and the end-of-line code per line.
            expectEqual(data.count, 2 * ((colour == 0 ? 3 + 3 : 4 + 4) + 2))
            expectTrue(try PGSRunLength.decode(data, width: 20000, height: 2) == original)
        }
    }

    @Test func eachRunFormHasItsCode() {
        let line: [UInt8] = [5] + Array(repeating: 0, count: 73) + [9, 9, 9] + [6, 6] + Array(repeating: 0, count: 5) + Array(repeating: 4, count: 100)
        let data = PGSRunLength.encode(PGSIndexedBitmap(width: line.count, height: 1, indices: line))
        expectEqual(data, [5, 0x00, 0x40, 73, 0x00, 0x83, 9, 6, 6, 0x00, 5, 0x00, 0xC0, 100, 4, 0x00, 0x00])
    }

    @Test func malformedDataNamesTheOffset() {
        // Line 0 is 4 pixels wide but the data ends it after 3.
        #expect(throws: PGSRunLength.DecodeError.self) { try PGSRunLength.decode([1, 2, 3, 0, 0], width: 4, height: 1) }
        do {
            _ = try PGSRunLength.decode([1, 2, 3, 0, 0], width: 4, height: 1)
        } catch {
            expectEqual(error.offset, 3)
            expectTrue(error.description.contains("byte 3"))
        }
        #expect(throws: PGSRunLength.DecodeError.self) { try PGSRunLength.decode([0, 0x90], width: 40, height: 1) }
    }

    /// Found by the pgs-reader fuzz target: an object of a size its data cannot code is refused before
    /// its bitmap is allocated (1,778 bytes had declared hundreds of megabytes), as is one over 8K.
    @Test func sizesTheDataCannotCodeAreRefusedBeforeAllocating() {
        #expect(throws: PGSRunLength.DecodeError.self) { try PGSRunLength.decode([0, 0, 0, 0], width: 30_000, height: 20_000) }
        #expect(throws: PGSRunLength.DecodeError.self) { try PGSRunLength.decode([UInt8](repeating: 0, count: 1000), width: 600, height: 600) }
        // The least data that codes a size still decodes: one transparent run and an end of line a line.
        let line: [UInt8] = [0x00, 0x40 | 0x3F, 0xFF, 0x00, 0x00]
        let bitmap = try? PGSRunLength.decode(Array([[UInt8]](repeating: line, count: 3).joined()), width: 16383, height: 3)
        expectTrue(bitmap?.width == 16383 && bitmap?.indices.allSatisfy { $0 == 0 } == true)
    }
}
