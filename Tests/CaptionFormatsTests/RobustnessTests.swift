import Foundation
import Testing
import CaptionModel
@testable import CaptionFormats

/// Damaged input never crashes a reader: corpus files cut short, with bytes flipped and with
/// fragments of other formats spliced in, each read by every format. A reader may return cues and
/// warnings or throw `CaptionFormatError`; a trap would end the test process.
@Suite struct RobustnessTests {
    static let seeds = CorpusLocation.files(under: "external").filter { $0.hasSuffix(".srt") || $0.hasSuffix(".vtt") }
        + ["samples/sintel_en.srt", "samples/sample.sbv", "samples/sample.lrc", "samples/sample.sub", "samples/sample.smi"]
    static let fragments: [[UInt8]] = ["-->", "<", "</", "&#", "&#x110000;", "{\\", "\r", "\n\n", "\u{0}", "WEBVTT",
                                       "99999999999999999999:00:00,000", "<00:00:01.000>", "<v", "<c.", "NOTE", "\u{FEFF}",
                                       "STYLE\n", "REGION\nid:x", " --> 00:00:00.000 line:-1%", "{\"events\":[{",
                                       "[00:", "<00:01.", "[offset:-9223372036854775808]", "{1}{", "{y:", "|", "<SYNC Start=",
                                       "<P Class=", "&nbsp", "0:00:01.000,"].map { Array($0.utf8) }

    @Test(arguments: seeds)
    func damagedFilesNeverCrash(_ relative: String) throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: CorpusLocation.path(relative))))
        var g = DocumentGenerator(seed: UInt64(original.count))
        for round in 0..<60 {
            var bytes = original
            for _ in 0..<g.int(1...6) {
                guard !bytes.isEmpty else { break }
                switch g.int(0...3) {
                case 0: bytes = Array(bytes.prefix(g.int(0...bytes.count)))
                case 1: bytes[g.int(0...(bytes.count - 1))] = UInt8(g.int(0...255))
                case 2: bytes.insert(contentsOf: g.pick(Self.fragments), at: g.int(0...bytes.count))
                default: bytes.removeSubrange(g.int(0...(bytes.count - 1))..<bytes.count)
                    bytes += original.prefix(g.int(0...original.count))
                }
            }
            let text = try TextDecoding.decode(bytes, sourceName: "\(relative)#\(round)")
            for format in FormatRegistry.formats {
                do {
                    let result = try format.read(text)
                    // What was read can be written and read again.
                    let written = format.write(result.document, options: WriteOptions())
                    _ = try? format.read(DecodedText(written.text, sourceName: "rewritten"))
                } catch is CaptionFormatError {
                    // A clear refusal is fine.
                }
            }
        }
    }
}
