import CaptionModel
import CaptionRender
import CaptionTestSupport
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// The writer against the package's own reader: timing, windows, palettes and pixels survive.
@Suite struct PGSWriterTests {
    /// A frame-sized transparent image with a `w`×`h` block at `x`, `y` of colours drawn from `colours`.
    static func image(width: Int, height: Int, block: PixelRect, colours: [RGBAColor], random: inout SplitMix64) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in block.y..<block.maxY {
            for x in block.x..<block.maxX { image[x, y] = colours.randomElement(using: &random)! }
        }
        return image
    }

    static func randomColours(_ count: Int, random: inout SplitMix64) -> [RGBAColor] {
        (0..<count).map { _ in
            RGBAColor(red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
                      blue: .random(in: 0...255, using: &random), alpha: .random(in: 0...255, using: &random))
        }
    }

    /// What a decoder shows for `image`: each colour through the palette's Y'CbCr and back.
    static func throughPalette(_ image: RGBAImage, matrix: ColorMatrix) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha != 0 {
                let e = PGSPalette.entry(index: 1, image[x, y], matrix: matrix)
                let c = matrix.rgb(e.y, e.cb, e.cr)
                out[x, y] = RGBAColor(red: c.r, green: c.g, blue: c.b, alpha: e.alpha)
            }
        }
        return out
    }

    @Test func exactColoursRoundTripWithTimesAndWindow() throws {
        var random = SplitMix64(seed: 7)
        let block = PixelRect(x: 101, y: 250, width: 180, height: 40)
        let image = Self.image(width: 640, height: 360, block: block, colours: Self.randomColours(250, random: &random), random: &random)
        let writer = PGSWriter(width: 640, height: 360)
        expectEqual(writer.matrix, ColorMatrix(standard: .bt601, fullRange: false))
        let (bytes, statistics) = try writer.encode([PGSCaption(start: 1234, end: 2000, image: image)])
        expectEqual(statistics, .init(displaySets: 2, quantized: 0, empty: 0))

        let sets = try PGSReader().read(bytes)
        try #require(sets.count == 2)
        let shown = sets[0], cleared = sets[1]
        expectTrue(shown.pts == 1234 * 90 && cleared.pts == 2000 * 90)
        expectTrue(shown.dts < shown.pts && cleared.dts <= cleared.pts)
        expectTrue(shown.composition.state == .epochStart && cleared.composition.state == .normal)
        expectTrue(shown.composition.width == 640 && shown.composition.height == 360)
        expectTrue(cleared.composition.placements.isEmpty && cleared.composition.number == shown.composition.number + 1)
        // Alpha 0 pixels inside the block are transparent, so the window is their opaque bounds.
        let bounds = try #require(image.opaqueBounds)
        expectEqual(shown.windows.map(\.rect), [bounds])
        expectEqual(shown.composition.placements.map { PixelPoint(x: $0.x, y: $0.y) }, [PixelPoint(x: bounds.x, y: bounds.y)])
        expectEqual(shown.segments.map(\.kind), [.composition, .window, .palette, .object, .end])
        expectEqual(shown.frame(matrix: writer.matrix), Self.throughPalette(image, matrix: writer.matrix))
    }

    /// A gradient of thousands of colours goes through median cut, and stays close.
    @Test func moreThan255ColoursAreQuantizedClosely() throws {
        var image = RGBAImage(width: 1280, height: 720)
        for y in 600..<680 {
            for x in 100..<700 {
                image[x, y] = RGBAColor(red: UInt8(x * 255 / 1100), green: UInt8((y - 600) * 3), blue: 200, alpha: UInt8(55 + (x % 200)))
            }
        }
        let writer = PGSWriter(width: 1280, height: 720)
        expectEqual(writer.matrix.standard, .bt709)
        let (bytes, statistics) = try writer.encode([PGSCaption(start: 0, end: 500, image: image)])
        expectEqual(statistics.quantized, 1)
        let sets = try PGSReader().read(bytes)
        let palette = try #require(sets.first?.palette)
        expectEqual(palette.entries.count, 256)
        let psnr = try ImageComparison.psnr(actual: sets[0].frame(matrix: writer.matrix), expected: Self.throughPalette(image, matrix: writer.matrix),
                                            in: PixelRect(x: 100, y: 600, width: 600, height: 80))
        expectTrue(psnr >= 30, "PSNR \(psnr) dB after median cut")
    }

    /// Noise whose run-length data is over 65535 bytes is carried by several ODS segments.
    @Test func largeObjectsAreSplitOverSeveralSegments() throws {
        var random = SplitMix64(seed: 11)
        let colours = Self.randomColours(200, random: &random).map { RGBAColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 255) }
        let image = Self.image(width: 400, height: 300, block: PixelRect(x: 0, y: 0, width: 400, height: 300), colours: colours, random: &random)
        let writer = PGSWriter(width: 400, height: 300)
        let (bytes, _) = try writer.encode([PGSCaption(start: 40, end: 80, image: image)])
        let sets = try PGSReader().read(bytes)
        let objects = sets[0].segments.filter { $0.kind == .object }
        expectEqual(objects.count, 2)
        expectEqual(objects.map { $0.payload[3] }, [PGSObject.firstInSequence, PGSObject.lastInSequence])
        expectTrue(objects.allSatisfy { $0.payload.count <= 0xFFFF })
        expectEqual(sets[0].frame(matrix: writer.matrix), Self.throughPalette(image, matrix: writer.matrix))
    }

    /// A caption image smaller than the video, placed where it goes; back-to-back captions share no clear.
    @Test func croppedCaptionsAndBackToBackTimes() throws {
        let red = RGBAImage(width: 30, height: 10, filling: RGBAColor(red: 255, green: 0, blue: 0))
        let blue = RGBAImage(width: 20, height: 8, filling: RGBAColor(red: 0, green: 0, blue: 255, alpha: 200))
        let writer = PGSWriter(width: 320, height: 240)
        let (bytes, statistics) = try writer.encode([
            PGSCaption(start: 1000, end: 1500, image: blue, x: 5, y: 200),
            PGSCaption(start: 0, end: 1000, image: red, x: 50, y: 60),
            PGSCaption(start: 2000, end: 2500, image: RGBAImage(width: 320, height: 240)),
        ])
        expectEqual(statistics, .init(displaySets: 3, quantized: 0, empty: 1))
        let sets = try PGSReader().read(bytes)
        expectEqual(sets.map(\.pts), [0, 90_000, 135_000])
        expectEqual(sets.map(\.composition.placements.count), [1, 1, 0])
        expectEqual(sets[0].windows.map(\.rect), [PixelRect(x: 50, y: 60, width: 30, height: 10)])
        expectEqual(sets[1].windows.map(\.rect), [PixelRect(x: 5, y: 200, width: 20, height: 8)])
        expectEqual(sets[1].frame(matrix: writer.matrix)[10, 205].alpha, 200)
    }

    @Test func overlappingCaptionsAreRefused() {
        let image = RGBAImage(width: 4, height: 4, filling: RGBAColor(red: 1, green: 2, blue: 3))
        #expect(throws: VideoError.self) {
            try PGSWriter(width: 4, height: 4).encode([PGSCaption(start: 0, end: 500, image: image), PGSCaption(start: 400, end: 900, image: image)])
        }
    }

    @Test func readerErrorsNameTheByteOffset() throws {
        let image = RGBAImage(width: 8, height: 8, filling: RGBAColor(red: 9, green: 9, blue: 9))
        let bytes = try PGSWriter(width: 8, height: 8).encode([PGSCaption(start: 0, end: 100, image: image)]).bytes
        expectTrue(try PGSReader().read(bytes).count == 2)
        // The PCS with one placement is 13 + 19 bytes; the WDS follows at byte 32.
        var corrupt = bytes
        corrupt[32] = 0x51
        #expect { try PGSReader().read(corrupt) } throws: { "\($0)".contains("PGS byte 32: no \"PG\" magic") }
        #expect { try PGSReader().read(Array(bytes[0..<40])) } throws: { "\($0)".contains("PGS byte 32: a segment header needs 13 bytes") }
    }
}
