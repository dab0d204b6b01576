import CaptionModel
import CaptionRender

/// An RGBA image reduced to a PGS object: index 0 transparent, at most 255 colours at 1...255.
///
/// Exact when the image has at most 255 distinct visible colours (the usual case for flat-coloured
/// captions: every pixel keeps its value). Otherwise median cut over the histogram of premultiplied
/// colours: premultiplied, because there a faint edge pixel is near transparent whatever its colour,
/// so boxes are not spent on colours nobody sees; each box's colour is the count-weighted mean, turned
/// back into straight alpha for the palette (decoders blend straight alpha), and each pixel takes the
/// nearest palette colour in premultiplied RGBA.
public struct PGSQuantizer: Sendable {
    public static let maximumColours = 255

    public struct Result: Sendable, Equatable {
        /// Straight-alpha colours; `colours[i]` is palette index i + 1.
        public var colours: [RGBAColor]
        public var bitmap: PGSIndexedBitmap
        /// True when every visible pixel kept its exact colour.
        public var exact: Bool
    }

    /// k-means (Lloyd) passes after median cut, moving each entry to the mean of the pixels nearest it.
    /// None by default: on the renderer's captions (PGSQuantizerTests) median cut alone is 56-63 dB over
    /// black and 1-3 passes add under 1.5 dB for 1.5-3 times the time; ffmpeg's decoding of the track
    /// is 40-54 dB from the render, so the palette is not where the loss is.
    public var refinements: Int

    public init(refinements: Int = 0) { self.refinements = refinements }

    /// Median cut into at most `colours` boxes, then `refinements` k-means passes: the means
    /// (premultiplied) and each bin's nearest.
    static func clusters(_ bins: [Bin], colours: Int, refinements: Int) -> (means: [[Int]], nearest: [Int]) {
        var means = medianCut(bins, boxes: colours).map(mean)
        var nearest = nearest(bins, means)
        for _ in 0..<refinements {
            var sums = [[Int]](repeating: [0, 0, 0, 0], count: means.count), totals = [Int](repeating: 0, count: means.count)
            for (bin, i) in zip(bins, nearest) {
                for k in 0..<4 { sums[i][k] += bin.colour[k] * bin.count }
                totals[i] += bin.count
            }
            means = means.indices.map { i in totals[i] == 0 ? means[i] : sums[i].map { ($0 + totals[i] / 2) / totals[i] } }
            nearest = Self.nearest(bins, means)
        }
        return (means, nearest)
    }

    /// Each bin's nearest mean (squared distance in premultiplied RGBA).
    static func nearest(_ bins: [Bin], _ means: [[Int]]) -> [Int] {
        bins.map { bin in
            var best = 0, bestDistance = Int.max
            for (i, m) in means.enumerated() {
                var d = 0
                for k in 0..<4 { let e = bin.colour[k] - m[k]; d += e * e }
                if d < bestDistance { bestDistance = d; best = i }
            }
            return best
        }
    }

    /// A colour table shared by several images (an epoch's looks, so that a pixel that does not change
    /// keeps its colour from look to look): each colour of the histogram `counts` (keys as
    /// `PGSPaletteRun.key`, 0 transparent) mapped to one of at most `colours` representatives, by the
    /// same median cut; nil when they fit already.
    func table(_ counts: [UInt32: Int], colours: Int) -> [UInt32: UInt32]? {
        let keys = counts.keys.filter { $0 != 0 }.sorted()
        guard keys.count > colours else { return nil }
        let bins: [Bin] = keys.map { (Self.premultiplied(PGSPaletteRun.color($0)), counts[$0]!) }
        let (means, nearest) = Self.clusters(bins, colours: colours, refinements: refinements)
        let representatives = means.map { PGSPaletteRun.key(Self.straight($0)) }
        var table: [UInt32: UInt32] = [0: 0]
        for (key, i) in zip(keys, nearest) { table[key] = representatives[i] }
        return table
    }

    public func quantize(_ image: RGBAImage) -> Result {
        var counts: [UInt32: Int] = [:]
        image.withUnsafePixels { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] != 0 {
                counts[Self.key(p[i], p[i + 1], p[i + 2], p[i + 3]), default: 0] += 1
            }
        }
        var lookup: [UInt32: UInt8] = [:]
        var colours: [RGBAColor] = []
        let exact = counts.count <= Self.maximumColours
        if exact {
            // Sorted so that the same image always gets the same palette.
            for (i, key) in counts.keys.sorted().enumerated() {
                lookup[key] = UInt8(i + 1)
                colours.append(Self.color(key))
            }
        } else {
            // Sorted: a dictionary's order changes from run to run, and with it median cut's ties.
            let keys = counts.keys.sorted()
            let bins: [Bin] = keys.map { (Self.premultiplied(Self.color($0)), counts[$0]!) }
            let (means, nearest) = Self.clusters(bins, colours: Self.maximumColours, refinements: refinements)
            colours = means.map(Self.straight)
            for (key, i) in zip(keys, nearest) { lookup[key] = UInt8(i + 1) }
        }
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        image.withUnsafePixels { p in
            for i in 0..<indices.count where p[i * 4 + 3] != 0 {
                indices[i] = lookup[Self.key(p[i * 4], p[i * 4 + 1], p[i * 4 + 2], p[i * 4 + 3])]!
            }
        }
        return Result(colours: colours, bitmap: PGSIndexedBitmap(width: image.width, height: image.height, indices: indices), exact: exact)
    }

    static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
    }

    static func color(_ key: UInt32) -> RGBAColor {
        RGBAColor(red: UInt8(key >> 24), green: UInt8(truncatingIfNeeded: key >> 16), blue: UInt8(truncatingIfNeeded: key >> 8),
                  alpha: UInt8(truncatingIfNeeded: key))
    }

    static func premultiplied(_ c: RGBAColor) -> [Int] {
        let a = Int(c.alpha)
        return [(Int(c.red) * a + 127) / 255, (Int(c.green) * a + 127) / 255, (Int(c.blue) * a + 127) / 255, a]
    }

    /// A premultiplied mean back to straight alpha (colour channels divided by alpha, rounded).
    static func straight(_ m: [Int]) -> RGBAColor {
        let a = max(1, m[3])
        func channel(_ v: Int) -> UInt8 { UInt8(min(255, (v * 255 + a / 2) / a)) }
        return RGBAColor(red: channel(m[0]), green: channel(m[1]), blue: channel(m[2]), alpha: UInt8(max(1, min(255, m[3]))))
    }

    typealias Bin = (colour: [Int], count: Int)

    static func mean(_ box: [Bin]) -> [Int] {
        var sums = [0, 0, 0, 0], total = 0
        for bin in box {
            for k in 0..<4 { sums[k] += bin.colour[k] * bin.count }
            total += bin.count
        }
        return sums.map { ($0 + total / 2) / total }
    }

    /// A box of the colour histogram with its widest channel and that range × its pixel count, found
    /// once when the box is made (so each split costs only the split box's sort).
    struct Box {
        var bins: [Bin]
        var channel = 0
        var score = 0

        init(_ bins: [Bin]) {
            self.bins = bins
            guard bins.count > 1 else { return }
            let count = bins.reduce(0) { $0 + $1.count }
            for k in 0..<4 {
                var low = Int.max, high = Int.min
                for bin in bins { low = min(low, bin.colour[k]); high = max(high, bin.colour[k]) }
                if (high - low) * count > score { score = (high - low) * count; channel = k }
            }
        }
    }

    /// Splits the box with the widest channel range (weighted by its pixel count, so populous boxes
    /// split first) at its pixel median until there are `maximumColours` boxes or none can split.
    static func medianCut(_ bins: [Bin], boxes limit: Int = maximumColours) -> [[Bin]] {
        var boxes = [Box(bins)]
        while boxes.count < limit {
            guard let chosen = boxes.indices.max(by: { boxes[$0].score < boxes[$1].score }), boxes[chosen].score > 0 else { break }
            let channel = boxes[chosen].channel
            let box = boxes[chosen].bins.sorted { $0.colour[channel] < $1.colour[channel] }
            let half = box.reduce(0) { $0 + $1.count } / 2
            var seen = 0, split = 1
            for (i, bin) in box.enumerated() {
                seen += bin.count
                if seen >= half { split = max(1, min(box.count - 1, i + 1)); break }
            }
            boxes[chosen] = Box(Array(box[..<split]))
            boxes.append(Box(Array(box[split...])))
        }
        return boxes.map(\.bins)
    }
}
