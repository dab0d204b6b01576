/// A frame as the shot detector sees it: a small picture (the same size for every frame of a video),
/// luma and the two 4:2:0 chroma planes, rows packed. `CaptionVideo`'s `ShotFrameReader` makes them.
public struct ShotFrame: Sendable {
    /// The frame's number at the video's rate, from the player's time 0.
    public var number: Int
    public var luma: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    public init(number: Int, luma: [UInt8], u: [UInt8], v: [UInt8]) {
        self.number = number
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
}
