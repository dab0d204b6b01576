import CaptionModel
import CaptionRender
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// Output sizes, crops and pads (pure arithmetic), and the compositor's rotation of layers.
@Suite struct GeometryTests {
    @Test func shapesAndFits() {
        let same = FramePlacement.of(sourceWidth: 361, height: 641, shape: .source, fit: .crop)
        expectTrue(same.outputWidth == 360 && same.outputHeight == 640 && same.isCropOnly)

        let square = FramePlacement.of(sourceWidth: 1080, height: 1920, shape: .aspect(1, 1), fit: .crop)
        expectTrue(square.outputWidth == 1080 && square.outputHeight == 1080 && square.isCropOnly)
        expectEqual(square.source, PixelRect(x: 0, y: 420, width: 1080, height: 1080))

        let padded = FramePlacement.of(sourceWidth: 1920, height: 1080, shape: .aspect(9, 16), fit: .pad)
        expectTrue(padded.outputWidth == 1920 && padded.outputHeight == 3412)
        expectEqual(padded.destination, PixelRect(x: 0, y: 1166, width: 1920, height: 1080))

        let scaled = FramePlacement.of(sourceWidth: 1920, height: 1080, shape: .size(width: 720, height: 1280), fit: .crop)
        expectTrue(scaled.outputWidth == 720 && scaled.outputHeight == 1280 && !scaled.isCropOnly)
        expectTrue(scaled.source.height == 1080 && abs(scaled.source.width - 608) <= 2)

        let boxed = FramePlacement.of(sourceWidth: 1920, height: 1080, shape: .size(width: 720, height: 1280), fit: .pad)
        expectEqual(boxed.destination, PixelRect(x: 0, y: 438, width: 720, height: 404))
    }

    @Test(arguments: [0, 90, 180, 270])
    func layersAreTurnedIntoTheCodedOrientation(rotation: Int) throws {
        // A 2x1 layer: left pixel red, right pixel blue, at display (4, 2) of a frame displayed 8x6.
        var image = RGBAImage(width: 2, height: 1)
        image[0, 0] = RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
        image[1, 0] = RGBAColor(red: 0, green: 0, blue: 255, alpha: 255)
        let (w, h) = rotation % 180 == 0 ? (8, 6) : (6, 8)
        let layer = try #require(PreparedLayer(CaptionLayer(image: image, x: 4, y: 2), frameWidth: w, frameHeight: h, rotation: rotation,
                                               chromaShiftX: 0, chromaShiftY: 0, matrix: ColorMatrix(standard: .bt601, fullRange: true)))
        let red = PreparedLayer.coded(4, 2, rotation: rotation, w: w, h: h)
        let blue = PreparedLayer.coded(5, 2, rotation: rotation, w: w, h: h)
        expectEqual(layer.rect.area, 2)
        func luma(_ p: (Int, Int)) -> Double {
            let i = (p.1 - layer.rect.y) * layer.rect.width + (p.0 - layer.rect.x)
            return Double(layer.lumaPremultiplied[i]) / 65536
        }
        // Red is brighter than blue in BT.601 (76 against 29).
        expectTrue(abs(luma(red) - 76.2) < 0.5 && abs(luma(blue) - 29.1) < 0.5)
        // Turned back: a frame shown turned 90° clockwise has its display row 2 in coded column 2, and
        // display columns 4, 5 in coded rows 3, 2 (counted from the bottom of 8: 7 − 4, 7 − 5).
        switch rotation {
        case 90: expectTrue(red == (2, 3) && blue == (2, 2))
        case 180: expectTrue(red == (3, 3) && blue == (2, 3))
        case 270: expectTrue(red == (3, 4) && blue == (3, 5))
        default: expectTrue(red == (4, 2) && blue == (5, 2))
        }
    }
}
