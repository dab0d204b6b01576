import CaptionRender

/// The Blu-ray presentation-graphics decoder model, as far as a writer must respect it: how long a
/// display set takes to decode (in 90 kHz ticks, before its PTS), and the limits on windows, objects,
/// palettes and buffers. `PGSTrackWriter` schedules display sets with these durations;
/// `PGSDecoderCheck` replays a written track through the same model.
///
/// The rates are the model's (BD-ROM part 3, as the Panasonic and Sony patents describe it):
/// - objects are decoded from the coded data buffer at Rd = 128 Mbit/s: 16 million 8-bit pixels a second,
///   so 9/1600 tick a pixel;
/// - the graphics plane is cleared and windows are drawn at Rc = 256 Mbit/s: 9/3200 tick a pixel;
/// - coded data arrives at Rx = 16 Mbit/s (2,000,000 bytes a second) into a 1 MiB coded data buffer;
/// - decoded objects live in a 4 MiB object buffer; a composition shows at most two windows and two
///   objects, an epoch uses at most 8 palettes and 64 objects.
public enum PGSDecoderModel {
    public static let maximumWindows = 2
    public static let maximumObjectsShown = 2
    public static let maximumPalettes = 8
    public static let maximumObjects = 64
    public static let objectBufferBytes = 4 << 20
    public static let codedDataBufferBytes = 1 << 20
    /// Rx, the transport rate into the coded data buffer.
    public static let transportBytesPerSecond = 2_000_000

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// Clearing the whole graphics plane, which every epoch start does.
    public static func planeClearTicks(width: Int, height: Int) -> Int { ceilDiv(9 * width * height, 3200) }

    /// Decoding an object of `pixels` pixels into the object buffer.
    public static func objectDecodeTicks(pixels: Int) -> Int { ceilDiv(9 * pixels, 1600) }

    /// Drawing (or clearing) a window of `pixels` pixels on the plane.
    public static func windowDrawTicks(pixels: Int) -> Int { ceilDiv(9 * pixels, 3200) }

    /// What one display set does, for its decode time.
    public enum Work: Sendable, Equatable {
        /// A new epoch: the plane cleared, the objects decoded, the windows drawn.
        case epochStart(objectPixels: Int, windowPixels: Int)
        /// New objects in the epoch's windows (or none, which clears them): decoded, windows redrawn.
        case objectUpdate(objectPixels: Int, windowPixels: Int)
        /// Only the palette changes: the decoder swaps the colour table, nothing is decoded or drawn.
        case paletteUpdate
    }

    /// The ticks between a display set's DTS and its PTS at the least.
    public static func decodeTicks(_ work: Work, width: Int, height: Int) -> Int {
        switch work {
        case let .epochStart(objects, windows):
            planeClearTicks(width: width, height: height) + objectDecodeTicks(pixels: objects) + windowDrawTicks(pixels: windows)
        case let .objectUpdate(objects, windows):
            objectDecodeTicks(pixels: objects) + windowDrawTicks(pixels: windows)
        case .paletteUpdate:
            0
        }
    }
}
