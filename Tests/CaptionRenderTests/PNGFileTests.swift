import CaptionModel
@testable import CaptionRender
import Foundation
import CaptionExpectations
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
        expectTrue(try PNGFile.read(path) == image)
        // Overwriting works and leaves no temporary file behind.
        try PNGFile.write(RGBAImage(width: 2, height: 2, filling: .white), to: path)
        expectTrue(try PNGFile.read(path) == RGBAImage(width: 2, height: 2, filling: .white))
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: directory) == ["frame.png"])
    }

    /// Encoded in memory (the studio's overlays): dense images, sparse ones with runs of empty rows at
    /// the top, between and at the bottom, and empty ones read back through libpng as the image.
    @Test func encodedInMemoryReadsBackIdentical() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var random = SplitMix64(seed: 11)
        func image(_ width: Int, _ height: Int, rows: (Int) -> Bool) -> RGBAImage {
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height where rows(y) { for x in 0..<width {
                image[x, y] = RGBAColor(red: random.byte(), green: random.byte(), blue: random.byte(), alpha: [0, 255, random.byte()][(x + y) % 3])
            } }
            return image
        }
        let cases: [(String, RGBAImage)] = [
            ("dense", image(41, 19) { _ in true }),
            ("sparse", image(300, 700) { (200..<260).contains($0) || (400..<401).contains($0) || $0 == 699 }),
            ("top only", image(64, 400) { $0 < 3 }),
            ("long empty runs", image(1080, 400) { $0 == 390 }),
            ("empty", RGBAImage(width: 1080, height: 1920)),
            ("one pixel", RGBAImage(width: 1, height: 1)),
        ]
        for (name, picture) in cases {
            for level: Int32 in [1, 6, 9] {
                let data = try PNGEncoding.encode(picture, level: level)
                expectEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let path = directory + "/\(name.replacingOccurrences(of: " ", with: "-"))-\(level).png"
                try data.write(to: URL(fileURLWithPath: path))
                expectTrue(try PNGFile.read(path) == picture, "\(name), level \(level)")
            }
        }
        // Empty rows cost 13 bits per 258 bytes: a transparent 1080x1920 frame (8.3 MB) is 52 KB.
        expectTrue(try PNGEncoding.encode(RGBAImage(width: 1080, height: 1920)).count < 60_000)
        #expect(throws: PNGFileError.self) { try PNGEncoding.encode(RGBAImage(width: 0, height: 0)) }
    }

    /// 16-bit PNGs (what ffmpeg writes for 10-bit and ProRes frames) are read as the values they
    /// encode, scaled to 8 bits: libpng's simplified API would take them as linear light and turn
    /// 128 × 257 into about 188.
    @Test func sixteenBitFilesAreScaledNotReEncoded() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (width, height) = (5, 3)
        func byte(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { UInt8((x * 53 + y * 31 + c * 71) % 256) }
        let rgba = directory + "/rgba16.png", gray = directory + "/gray16.png"
        try Self.png16(width: width, height: height, colorType: 6, channels: 4) { x, y, c in UInt16(byte(x, y, c)) * 257 }.write(to: URL(fileURLWithPath: rgba))
        try Self.png16(width: width, height: height, colorType: 0, channels: 1) { x, y, _ in UInt16(byte(x, y, 0)) * 257 }.write(to: URL(fileURLWithPath: gray))
        let readRGBA = try PNGFile.read(rgba), readGray = try PNGFile.read(gray)
        for y in 0..<height { for x in 0..<width {
            expectEqual(readRGBA[x, y], RGBAColor(red: byte(x, y, 0), green: byte(x, y, 1), blue: byte(x, y, 2), alpha: byte(x, y, 3)))
            expectEqual(readGray[x, y], RGBAColor(red: byte(x, y, 0), green: byte(x, y, 0), blue: byte(x, y, 0), alpha: 255))
        } }
        // A damaged 16-bit file still fails with a sentence naming it.
        let cut = directory + "/cut16.png"
        let whole = try Data(contentsOf: URL(fileURLWithPath: rgba))
        try whole.prefix(whole.count - 30).write(to: URL(fileURLWithPath: cut))
        #expect { try PNGFile.read(cut) } throws: { error in "\(error)".contains(cut) }
    }

    /// A PNG built byte by byte with 16-bit samples (zlib stored blocks: no compressor needed).
    static func png16(width: Int, height: Int, colorType: UInt8, channels: Int, sample: (Int, Int, Int) -> UInt16) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { for c in 0..<channels { let v = sample(x, y, c); raw += [UInt8(v >> 8), UInt8(v & 0xFF)] } }
        }
        let n: Int = raw.count
        let stored: [UInt8] = [0x78, 0x01, 1, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
        var zlib: [UInt8] = stored + raw
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian((b << 16) | a)
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [16, colorType, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
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
