import CaptionModel
@testable import CaptionRender
import Foundation
import Testing
import CaptionTestSupport

@Suite struct PNGFileTests {
    @Test func writeThenReadIsIdentical() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var random = SplitMix64(seed: 7)
        var image = RGBAImage(width: 37, height: 23)
        for y in 0..<23 { for x in 0..<37 {
            image[x, y] = RGBAColor(red: random.byte(), green: random.byte(), blue: random.byte(), alpha: [0, 255, random.byte()][x % 3])
        } }
        let path = directory + "/frame.png"
        try PNGFile.write(image, to: path)
        #expect(try PNGFile.read(path) == image)
        // Overwriting works and leaves no temporary file behind.
        try PNGFile.write(RGBAImage(width: 2, height: 2, filling: .white), to: path)
        #expect(try PNGFile.read(path) == RGBAImage(width: 2, height: 2, filling: .white))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["frame.png"])
    }

    @Test func missingFileErrorNamesIt() {
        let path = "/nonexistent-dir-\(getpid())/missing.png"
        #expect { try PNGFile.read(path) } throws: { error in
            guard let error = error as? PNGFileError else { return false }
            return error.kind == .cannotRead && "\(error)".contains(path)
        }
    }

    @Test func nonPNGErrorNamesIt() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/notes.png"
        try "not a picture".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try PNGFile.read(path) } throws: { error in
            guard let error = error as? PNGFileError else { return false }
            return error.kind == .cannotRead && "\(error)".contains(path)
        }
    }

    @Test func unwritablePlaceErrorNamesIt() {
        let path = "/nonexistent-dir-\(getpid())/out.png"
        #expect { try PNGFile.write(RGBAImage(width: 1, height: 1), to: path) } throws: { error in
            guard let error = error as? PNGFileError else { return false }
            return error.kind == .cannotWrite && "\(error)".contains(path)
        }
    }
}
