@testable import CaptionFormats
import Foundation
import CaptionExpectations
import Testing

/// `OutputFile.write(to:protecting:_:)`, the streaming form (a long PGS track is written a piece at a
/// time): the file gets every piece in order and appears only when the producer is done; a producer
/// that fails leaves the old file as it was and no temporary file behind; the input is never the output.
@Suite struct OutputFileStreamTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("captionkit-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func piecesArriveInOrderAndTheFileAppearsAtTheEnd() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.sup").path
        let pieces: [[UInt8]] = (0..<50).map { n in [UInt8](repeating: UInt8(n), count: 1000 + n * 37) }
        try OutputFile.write(to: path) { write in
            for piece in pieces {
                write(piece)
                expectTrue(!FileManager.default.fileExists(atPath: path), "the file appears only when the producer is done")
            }
        }
        expectTrue(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(pieces.flatMap { $0 }))
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.sup"])
    }

    @Test func aFailingProducerLeavesTheOldFileAndNoTemporary() throws {
        struct Stop: Error {}
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.sup").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: Stop.self) {
            try OutputFile.write(to: path) { write in
                write([UInt8](repeating: 1, count: 5000))
                throw Stop()
            }
        }
        expectTrue(try String(contentsOfFile: path, encoding: .utf8) == "old")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.sup"])
    }

    @Test func theInputIsNeverTheOutput() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("in.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        var produced = false
        let error = #expect(throws: CaptionFormatError.self) {
            try OutputFile.write(to: path, protecting: [path]) { _ in produced = true }
        }
        expectEqual(error?.description.contains("refusing to overwrite the input file"), true)
        expectTrue(!produced)
        expectTrue(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    }
}
