import CaptionModel
import CaptionRender

/// One display set as `PGSReader` reads it back: its PCS and the epoch's state it leaves (the palette
/// the PCS names, the objects it places, decoded), with its segments as they were in the file.
public struct PGSDisplaySet: Sendable {
    /// The byte offset of the display set's PCS in the file.
    public var offset: Int
    public var pts: UInt32
    public var dts: UInt32
    public var composition: PGSComposition
    public var windows: [PGSWindow]
    /// The palettes and objects defined in this display set (not those kept from earlier ones).
    public var definedPalettes: [PGSPalette]
    public var definedObjects: [UInt16]
    /// The size of each object defined here (known whether or not the reader decodes objects).
    public var definedObjectSizes: [UInt16: Size] = [:]
    /// The palette the composition uses, as the epoch holds it after this display set.
    public var palette: PGSPalette?
    /// The objects the composition places and those this display set defines, decoded.
    public var objects: [UInt16: PGSIndexedBitmap]
    public var segments: [PGSSegment]

    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int
    }

    /// Milliseconds of the PTS (90 ticks each).
    public var milliseconds: Double { Double(pts) / 90 }

    /// Object `id` in straight-alpha RGBA through the palette (undefined entries transparent).
    public func image(objectID id: UInt16, matrix: ColorMatrix) -> RGBAImage? {
        guard let bitmap = objects[id] else { return nil }
        var table = [RGBAColor](repeating: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), count: 256)
        for e in palette?.entries ?? [] {
            let c = matrix.rgb(e.y, e.cb, e.cr)
            table[Int(e.index)] = RGBAColor(red: c.r, green: c.g, blue: c.b, alpha: e.alpha)
        }
        var image = RGBAImage(width: bitmap.width, height: bitmap.height)
        image.withUnsafeMutablePixels { p in
            for (i, index) in bitmap.indices.enumerated() {
                let c = table[Int(index)]
                p[i * 4] = c.red; p[i * 4 + 1] = c.green; p[i * 4 + 2] = c.blue; p[i * 4 + 3] = c.alpha
            }
        }
        return image
    }

    /// The video-sized picture this display set shows: each placed object (cropped as the PCS says)
    /// copied at its position, clipped to its window.
    public func frame(matrix: ColorMatrix) -> RGBAImage {
        var frame = RGBAImage(width: composition.width, height: composition.height)
        for p in composition.placements {
            guard let image = image(objectID: p.objectID, matrix: matrix) else { continue }
            let source = p.crop ?? image.bounds
            let window = windows.first { $0.id == p.windowID }?.rect ?? frame.bounds
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let (fx, fy) = (p.x + x, p.y + y)
                    guard window.contains(x: fx, y: fy), frame.bounds.contains(x: fx, y: fy),
                          image.bounds.contains(x: source.x + x, y: source.y + y) else { continue }
                    frame[fx, fy] = image[source.x + x, source.y + y]
                }
            }
        }
        return frame
    }
}
