import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// Damaged and odd EBU STL: a clear message naming the file (and the TTI block) or a warning and the
/// rest read; never a trap.
@Suite struct EBUSTLMalformedTests {
    static func corpus(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: CorpusLocation.path("broadcast/stl/" + name))))
    }

    /// Reads as `captions convert` does (detection from the bytes).
    static func read(_ bytes: [UInt8], format: String? = nil) throws -> ParseResult {
        try CaptionFileReader.read(bytes: InputBytes(bytes), sourceName: "x.stl", path: "x.stl", format: format)
    }

    static func malformed(_ bytes: [UInt8], format: String? = nil) -> String? {
        do { _ = try read(bytes, format: format); return nil } catch let error as CaptionFormatError {
            return error.kind == .malformed ? error.message : "kind \(error.kind): \(error.message)"
        } catch { return "\(error)" }
    }

    @Test func truncatedGeneralInformation() throws {
        let bytes = Array(try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl").prefix(500))
        expectEqual(Self.malformed(bytes), "x.stl is too short for EBU STL: 500 bytes, where the GSI block alone is 1024")
        expectEqual(Self.malformed(Array(bytes.prefix(1024))), "x.stl is too short for EBU STL: 500 bytes, where the GSI block alone is 1024")
        let gsiOnly = Array(try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl").prefix(1024))
        expectEqual(Self.malformed(gsiOnly), "x.stl: no usable subtitle in 0 TTI blocks")
    }

    @Test func lastBlockCutShortWarnsAndTheRestReads() throws {
        let bytes = Array(try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl").prefix(1024 + 2 * 128 + 50))
        let result = try Self.read(bytes)
        expectEqual(result.document.events.map(\.text.plain), ["Subtitle 1 Group 1", "Subtitle 2 Group 1"])
        expectEqual(result.diagnostics.map(\.description), ["TTI block 3: cut short (50 of 128 bytes); block skipped"])
    }

    @Test func badBlockIsSkippedWithItsNumber() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl")
        bytes[1024 + 128 + 6] = 99  // block 2's time code in: minute 99
        bytes[1024 + 3 * 128 + 9] = 0  // block 4's time code out: before its time code in
        bytes[1024 + 3 * 128 + 10] = 0; bytes[1024 + 3 * 128 + 11] = 0; bytes[1024 + 3 * 128 + 12] = 0
        let result = try Self.read(bytes)
        expectEqual(result.document.events.map(\.text.plain), ["Subtitle 1 Group 1", "Subtitle 3 Group 2"])
        expectEqual(result.diagnostics.map(\.line), [2, 4])
        expectEqual(result.diagnostics.map(\.description), [
            "TTI block 2: time code in 00:99:03:00 is not a time code at 25 fps; subtitle skipped",
            "TTI block 4: time code out 00:00:00:00 is not after time code in 00:00:09:00; subtitle skipped",
        ])
        expectEqual(result.eventLines, [1, 3])
    }

    @Test func everyBlockBadIsMalformedNamingTheFirst() throws {
        var bytes = Array(try Self.corpus("ttconv-irt-requirement-0077-001.stl"))
        bytes[1024 + 8] = 200  // frame 200 at 25 fps
        expectEqual(Self.malformed(bytes), "x.stl: no usable subtitle in 1 TTI block; the first problem: TTI block 1: time code in 00:00:00:200 is not a time code at 25 fps; subtitle skipped")
    }

    @Test func unknownCharacterCodeTable() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0077-001.stl")
        bytes[12] = 0x30; bytes[13] = 0x39
        expectEqual(Self.malformed(bytes), "x.stl: GSI character code table '09' is not one EBU STL defines (00 Latin, ISO 6937, 01 Latin/Cyrillic, ISO 8859-5, 02 Latin/Arabic, ISO 8859-6, 03 Latin/Greek, ISO 8859-7, 04 Latin/Hebrew, ISO 8859-8); the text cannot be read")
        // A blank one is read as 00, with a warning.
        bytes[12] = 0x20; bytes[13] = 0x20
        let result = try Self.read(bytes)
        expectEqual(result.diagnostics.map(\.description), ["GSI character code table is blank; text read as 00 (Latin, ISO 6937)"])
    }

    @Test func unknownDiskFormatCodeIsReadAt25() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl")
        bytes[6] = 0x39; bytes[7] = 0x39  // STL99.01
        let result = try Self.read(bytes)
        expectEqual(result.document.events.count, 4)
        expectEqual(result.diagnostics.map(\.description), ["GSI disk format code 'STL99.01' is not STL25.01 or STL30.01; time codes read at 25 fps"])
    }

    @Test func extensionBlocksWithoutALastOne() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl")
        bytes[1024 + 3] = 0  // block 1 (subtitle 1) says more follows; block 2 is subtitle 2
        let result = try Self.read(bytes)
        expectEqual(result.document.events.count, 3)
        expectEqual(result.diagnostics.map(\.description), ["TTI block 1: subtitle 1 has extension blocks but no last one (EBN 0xFF); subtitle skipped"])
    }

    @Test func commentAndUserDataBlocksAreSkipped() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl")
        bytes[1024 + 15] = 1  // block 1: a comment
        bytes[1024 + 128 + 3] = 0xFE  // block 2: user data
        let result = try Self.read(bytes)
        expectEqual(result.document.events.map(\.text.plain), ["Subtitle 3 Group 2", "Subtitle 4 Group 3"])
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func notSTL() throws {
        expectEqual(Self.malformed(Array("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8), format: "stl"), "x.stl is too short for EBU STL: 35 bytes, where the GSI block alone is 1024")
        let long = Array(String(repeating: "not stl ", count: 200).utf8)
        expectEqual(Self.malformed(long, format: "stl"), "x.stl is not EBU STL: its GSI block has no disk format code (STL25.01 or STL30.01) at bytes 4-11")
        // Bytes decoded as text first are not the file's any more.
        var bytes = try Self.corpus("ttconv-irt-requirement-0056-001_modified.stl")
        bytes[100] = 0xFF
        let decoded = try TextDecoding.decode(bytes, sourceName: "x.stl")
        #expect(throws: CaptionFormatError.self) { try EBUSTLFormat.read(decoded) }
    }

    @Test func otherCharacterTables() throws {
        var bytes = try Self.corpus("ttconv-irt-requirement-0077-001.stl")
        let text: [UInt8] = [0xB0, 0xB1, 0x20, 0xE0, 0x8A, 0xC1, 0xC2]
        func withTable(_ code: String) throws -> String {
            bytes.replaceSubrange(12..<14, with: Array(code.utf8))
            bytes.replaceSubrange((1024 + 16)..<(1024 + 16 + text.count), with: text)
            bytes.replaceSubrange((1024 + 16 + text.count)..<(1024 + 128), with: [UInt8](repeating: 0x8F, count: 112 - text.count))
            return try Self.read(bytes).document.events.first?.text.plain ?? ""
        }
        expectTrue(try withTable("01") == "\u{410}\u{411} \u{440}\n\u{421}\u{422}")  // АБ р / СТ
        expectTrue(try withTable("03") == "°± \u{3B0}\n\u{391}\u{392}")  // ΰ / ΑΒ
        expectTrue(try withTable("04") == "°± \u{5D0}\n\u{FFFD}\u{FFFD}")  // א; 0xC1 and 0xC2 are not in ISO 8859-8
        expectTrue(try withTable("02") == "\u{FFFD}\u{FFFD} \u{640}\n\u{621}\u{622}")
        // ISO 6937: ° ± Ω; 0xC1 0xC2 is a grave before a diacritic: the grave alone, then an acute alone.
        expectTrue(try withTable("00") == "°± Ω\n`´")
    }

    /// Damaged copies of the corpus files: every prefix length around the block edges, and bytes
    /// overwritten at random; each reads or is refused, nothing traps.
    @Test func damagedFilesNeverCrash() throws {
        for name in CorpusLocation.files(under: "broadcast/stl") {
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: CorpusLocation.path(name))))
            for cut in [0, 1, 10, 11, 1023, 1024, 1025, 1100, 1151, 1152, 1153, original.count - 1] where cut <= original.count {
                _ = try? Self.read(Array(original.prefix(cut)), format: "stl")
            }
            var g = DocumentGenerator(seed: UInt64(original.count))
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<g.int(1...12) { bytes[g.int(0...(bytes.count - 1))] = UInt8(g.int(0...255)) }
                if let result = try? Self.read(bytes) {
                    // What read writes and reads again.
                    let sink = ByteSink()
                    _ = EBUSTLFormat.write(result.document, options: WriteOptions(), into: sink)
                    _ = try? EBUSTLFormat.read(DecodedText(utf8: sink.bytes, encoding: DecodedText.binaryEncoding))
                }
            }
        }
    }
}
