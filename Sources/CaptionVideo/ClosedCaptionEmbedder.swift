import CFFmpeg
import CaptionModel

/// CEA-608 byte pairs carried in the burned video: each output frame gets, as ATSC A/53 `cc_data`
/// side data (`AV_FRAME_DATA_A53_CC`), the pairs due before the next frame starts. libx264 and
/// libx265 write that side data into the bitstream (SEI `user_data_registered_itu_t_t35`, "GA94"),
/// where decoders and ffmpeg's `subcc` find it.
///
/// The pairs are timed on the caption clock (`time`, ms); a frame at `t` lasting `d` carries those
/// with `t <= time < t + d` (and any earlier one still unsent), so a pair is on air within one frame
/// before its time, never after: a pop-on caption's EOC lands in the frame showing its start. At
/// 29.97 fps that is one pair a frame, as line 21 carries them; at 25 fps some frames carry two, at
/// 59.94 half carry none.
public final class ClosedCaptionEmbedder: @unchecked Sendable {
    /// One byte pair, parity bits set, of line-21 field 1 or 2, due at `time` ms.
    public struct Pair: Sendable, Hashable {
        public var time: Double
        public var field: Int
        public var first: UInt8, second: UInt8
        public init(time: Double, field: Int, first: UInt8, second: UInt8) {
            self.time = time; self.field = field; self.first = first; self.second = second
        }
    }

    /// The encoders that carry A/53 side data into their bitstream.
    public static let carryingEncoders: Set<String> = ["libx264", "libx265"]
    /// A/53 allows at most 31 constructs in one picture's `cc_data`.
    static let maximumPerFrame = 31

    private let pairs: [Pair]
    private var next = 0
    /// The output's frames per second (set by the burner from the encoder's rate).
    var frameRate: Double = 30000.0 / 1001
    /// Pairs that did not fit in their frame and went into a later one (a rate too low for the schedule).
    public private(set) var delayed = 0

    /// `pairs` in any order.
    public init(pairs: [Pair]) {
        self.pairs = pairs.sorted { $0.time < $1.time }
    }

    /// Attaches the pairs due before `time + one frame` to `frame` (the frame shown at `time` ms).
    func attach(to frame: MediaFrame, at time: Milliseconds) throws(VideoError) {
        // The input's own captions, if its frames carried any, are replaced.
        av_frame_remove_side_data(frame.pointer, AV_FRAME_DATA_A53_CC)
        let until = Double(time) + (frameRate.isFinite && frameRate > 0 ? 1000 / frameRate : 1000.0 / 30)
        var bytes: [UInt8] = []
        while next < pairs.count, pairs[next].time < until, bytes.count / 3 < Self.maximumPerFrame {
            let pair = pairs[next]
            // marker bits 11111, cc_valid 1, cc_type 0 (field 1) or 1 (field 2).
            bytes += [pair.field == 2 ? 0xFD : 0xFC, pair.first, pair.second]
            next += 1
        }
        if next < pairs.count, pairs[next].time < until { delayed += 1 }
        guard !bytes.isEmpty else { return }
        guard let side = av_frame_new_side_data(frame.pointer, AV_FRAME_DATA_A53_CC, bytes.count) else {
            throw VideoError(.unsupported, "cannot allocate a frame's closed-caption side data")
        }
        side.pointee.data.update(from: bytes, count: bytes.count)
    }

    /// Whether every pair has been attached.
    public var isFinished: Bool { next >= pairs.count }
}
