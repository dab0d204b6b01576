/// A frame as the shot detector sees it: a small picture (the same size for every frame of a video),
/// luma and the two 4:2:0 chroma planes, rows packed. `CaptionVideo`'s `ShotFrameReader` makes them.
public struct ShotFrame: Sendable {
    /// The frame's number at the video's rate, from the player's time 0.
    public var number: Int
    /// The luma's width (its height is `luma.count / width`).
    public var width: Int
    public var luma: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    public init(number: Int, width: Int, luma: [UInt8], u: [UInt8], v: [UInt8]) {
        self.number = number
        self.width = width
        self.luma = luma
        self.u = u
        self.v = v
    }

    /// How different two frames look: the mean absolute difference of their luma plus that of each chroma
    /// plane (0 for equal pictures; a cut between unrelated shots is typically 60-250, steady motion 2-20).
    /// Pixel by pixel rather than histograms: two shots of one room differ in where things are more than in
    /// which colours they have. Costs ~3,500 byte differences at 64x36 whatever the video's size.
    public func difference(from other: ShotFrame) -> Double {
        ShotFrame.meanAbsoluteDifference(luma, other.luma)
            + ShotFrame.meanAbsoluteDifference(u, other.u) + ShotFrame.meanAbsoluteDifference(v, other.v)
    }

    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let n = min(a.count, b.count)
        guard n > 0 else { return 0 }
        let sum = a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                // Widened to 16 bits and summed in 32 so the loop vectorizes.
                var total: UInt32 = 0
                for i in 0..<n {
                    let x = Int16(pa[i]) - Int16(pb[i])
                    total &+= UInt32(x < 0 ? -x : x)
                }
                return total
            }
        }
        return Double(sum) / Double(n)
    }

    /// The smallest mean absolute luma difference between this frame and `other` moved by up to `reach`
    /// of the picture's width and height each way, over the part they share: how different the frames
    /// are once the camera's own movement is taken out. A pan or a tilt, however fast, finds a shift at
    /// which the pictures agree again; a new shot finds none.
    public func movedDifference(from other: ShotFrame, reach: Double) -> Double {
        let w = width, h = luma.count / max(width, 1)
        guard w > 0, h > 0, other.luma.count == luma.count else { return ShotFrame.meanAbsoluteDifference(luma, other.luma) }
        let rx = Int(Double(w) * reach), ry = Int(Double(h) * reach)
        var best = Double.infinity
        luma.withUnsafeBufferPointer { a in
            other.luma.withUnsafeBufferPointer { b in
                for dy in -ry...ry {
                    for dx in -rx...rx {
                        // This frame's (x, y) against the other's (x - dx, y - dy).
                        let x0 = max(0, dx), x1 = min(w, w + dx), y0 = max(0, dy), y1 = min(h, h + dy)
                        var total: UInt32 = 0
                        for y in y0..<y1 {
                            let rowA = y * w, rowB = (y - dy) * w - dx
                            for x in x0..<x1 {
                                let d = Int16(a[rowA + x]) - Int16(b[rowB + x])
                                total &+= UInt32(d < 0 ? -d : d)
                            }
                        }
                        best = min(best, Double(total) / Double((x1 - x0) * (y1 - y0)))
                    }
                }
            }
        }
        return best
    }
}
