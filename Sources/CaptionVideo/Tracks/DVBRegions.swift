/// The regions a DVB subtitle stream declares, checked before libavcodec's decoder sees a packet.
/// Debian's libavcodec (5.1) allocates each region's buffer at the width and height its region
/// composition segment declares, up to 65535 x 65535 (four gigabytes), as soon as it reads the segment,
/// and fills it: a 14 KB input made `convert` allocate 1.75 GB (the `track-dvb_subtitle` fuzz target
/// found it). Real regions are at most a display's size (720 x 576, 1920 x 1080); a packet that would
/// make the regions declared so far (the last size of each region id) hold more than `limit` pixels
/// together is not decoded.
struct DVBRegions {
    /// 32 megapixels: eight 1920 x 1080 regions, four 4K ones.
    static let limit = 32 << 20
    private var sizes: [UInt8: Int] = [:]

    /// Whether `packet` keeps the regions within the limit; its regions are recorded when it does.
    /// The packet is segments (sync byte 0x0F, type, page id, length, data), as libavcodec reads it.
    mutating func accepts(_ packet: UnsafeBufferPointer<UInt8>) -> Bool {
        var sizes = self.sizes
        var p = 0
        while p + 6 <= packet.count, packet[p] == 0x0F {
            let data = p + 6, length = Int(packet[p + 4]) << 8 | Int(packet[p + 5])
            // A region composition segment: region id, version and fill flag, width, height, ...
            if packet[p + 1] == 0x11, data + 6 <= packet.count {
                sizes[packet[data]] = (Int(packet[data + 2]) << 8 | Int(packet[data + 3])) * (Int(packet[data + 4]) << 8 | Int(packet[data + 5]))
            }
            p = data + length
        }
        guard sizes.values.reduce(0, +) <= Self.limit else { return false }
        self.sizes = sizes
        return true
    }
}
