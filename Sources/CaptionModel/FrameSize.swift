/// A frame's size in pixels, as the command line's `--size WIDTHxHEIGHT` gives it: each side 16...8192.
public struct FrameSize: Sendable, Hashable {
    public static let sides = 16...8192

    public let width: Int
    public let height: Int

    public init?(width: Int, height: Int) {
        guard Self.sides.contains(width), Self.sides.contains(height) else { return nil }
        self.width = width; self.height = height
    }

    /// `1080x1920` (`X` too); nil for anything else, or a side out of range.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }
}
