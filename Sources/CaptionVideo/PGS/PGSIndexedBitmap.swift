/// An 8-bit indexed image, row-major: what a PGS object holds before run-length coding.
public struct PGSIndexedBitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var indices: [UInt8]

    public init(width: Int, height: Int, indices: [UInt8]) {
        precondition(width >= 0 && height >= 0 && indices.count == width * height, "index count does not match the size")
        self.width = width; self.height = height; self.indices = indices
    }
}
