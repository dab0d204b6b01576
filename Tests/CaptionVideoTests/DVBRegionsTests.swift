@testable import CaptionVideo
import CaptionExpectations
import Testing

/// DVB subtitle packets whose regions no display could show are kept from libavcodec's decoder, which
/// would allocate (and fill) whatever a region composition segment declares.
@Suite struct DVBRegionsTests {
    /// A region composition segment (type 0x11) for `region`, `width` x `height`, on page 1.
    static func region(_ region: UInt8, _ width: Int, _ height: Int) -> [UInt8] {
        let data: [UInt8] = [region, 0x08, UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF), 0x2C, 0]
        return [0x0F, 0x11, 0x00, 0x01, 0x00, UInt8(data.count)] + data
    }

    static let page: [UInt8] = [0x0F, 0x10, 0x00, 0x01, 0x00, 0x02, 0x05, 0x04]

    func accepts(_ regions: inout DVBRegions, _ packet: [UInt8]) -> Bool {
        packet.withUnsafeBufferPointer { regions.accepts($0) }
    }

    @Test func displaySizedRegionsPassAndHugeOnesDoNot() {
        var regions = DVBRegions()
        expectTrue(accepts(&regions, Self.page + Self.region(0, 1920, 1080) + Self.region(1, 720, 576)))
        // The fuzzer's input: 33023 x 53055, 1.75 gigapixels.
        expectTrue(!accepts(&regions, Self.page + Self.region(2, 33023, 53055)))
        // A refused packet changes nothing: the same ids at display size still pass.
        expectTrue(accepts(&regions, Self.region(0, 1920, 1080)))
        // Redefining a region replaces its size rather than adding to it.
        for _ in 0..<100 { expectTrue(accepts(&regions, Self.region(0, 3840, 2160))) }
        // Many regions, each plausible, that together exceed the limit.
        var many = DVBRegions()
        let accepted = (0..<16).filter { accepts(&many, Self.region(UInt8($0), 3840, 2160)) }.count
        expectEqual(accepted, DVBRegions.limit / (3840 * 2160))
    }

    @Test func aTruncatedSegmentIsNotReadPastTheEnd() {
        var regions = DVBRegions()
        expectTrue(accepts(&regions, Array(Self.region(0, 65535, 65535).prefix(9))))
        expectTrue(accepts(&regions, []))
        expectTrue(accepts(&regions, [0x0F, 0x11, 0x00, 0x01, 0xFF, 0xFF]))
    }
}
