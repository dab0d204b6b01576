import CFFmpeg
import CaptionFormats
import CaptionModel

/// CEA-608 byte pairs carried in the burned video: each output frame gets, as ATSC A/53 `cc_data`
/// side data (`AV_FRAME_DATA_A53_CC`), the pairs due before the next frame starts. libx264 writes
/// that side data into the bitstream (SEI `user_data_registered_itu_t_t35`, "GA94"), where decoders
/// and ffmpeg's `subcc` find it. libx265 does not in FFmpeg 5.1 (Debian 12's): an HEVC burn would
/// silently carry no captions, so it is refused.
///
/// The pairs are timed on the caption clock (`time`, ms); a frame at `t` lasting `d` carries those
/// with `t <= time < t + d` (and any earlier one still unsent), so a pair is on air within one frame
/// before its time, never after: a pop-on caption's EOC lands in the frame showing its start. From
/// 23 to 30 fps the pairs are scheduled at the video's rate, one a frame (`prepare`); at 59.94 about
/// half the frames carry none, and a slow video's frames carry several.
///
/// A burn that starts inside the captions (`--start`, a part of a plan) does not send the pairs due
/// before its first frame: they belong to what came before, and a burst of them would garble the first
/// caption. A caption loaded before that point is therefore missing until the next one.
public final class ClosedCaptionEmbedder: @unchecked Sendable {
    /// One byte pair, parity bits set, of line-21 field 1 or 2, due at `time` ms.
    struct Pair: Sendable, Hashable {
        var time: Double
        var field: Int
        var first: UInt8, second: UInt8
    }

    /// The encoders that carry A/53 side data into their bitstream (checked: `ffprobe` finds
    /// `closed_captions=1` in libx264's output and 0 in libx265's).
    public static let carryingEncoders: Set<String> = ["libx264"]
    /// A/53 allows at most 31 constructs in one picture's `cc_data`.
    static let maximumPerFrame = 31

    private let document: CaptionDocument
    private let mode: CEA608Mode
    private let channel: CEA608Channel
    private var pairs: [Pair] = []
    private var next = 0
    private var started = false
    private var frameMilliseconds = 1001.0 / 30
    /// What CEA-608 could not carry (characters it lacks, rows past four, captions too close to load
    /// in time), known once the burner has set the output's frame rate.
    public private(set) var diagnostics: [Diagnostic] = []

    public init(_ document: CaptionDocument, mode: CEA608Mode, channel: CEA608Channel) {
        self.document = document; self.mode = mode; self.channel = channel
    }

    /// Schedules the pairs for an output of `frameRate` frames a second. From 23 to 30 fps the caption
    /// stream runs at the video's rate, one pair a frame, so a caption's EOC is in the very frame that
    /// shows its start (at 25 fps line 21's bandwidth is a little less: loads start a little earlier).
    /// Other rates keep line 21's 29.97: faster video carries a pair in about every other frame,
    /// slower video (a still image's) several pairs a frame.
    func prepare(frameRate: AVRational) {
        let fps = frameRate.num > 0 && frameRate.den > 0 ? av_q2d(frameRate) : 30000.0 / 1001
        var clock = SCCClock.ntsc
        if (23...30).contains(fps), let rate = FrameRate(numerator: Int(frameRate.num), denominator: Int(frameRate.den)) { clock = SCCClock(rate: rate) }
        frameMilliseconds = 1000 / fps
        started = false
        let schedule = CEA608Encoder.encode(document, mode: mode, channel: channel, clock: clock)
        diagnostics = schedule.diagnostics
        pairs = schedule.pairs.map { Pair(time: clock.milliseconds(frame: $0.frame), field: channel.field, first: $0.first, second: $0.second) }
        next = 0
    }

    /// Attaches the pairs due before `time + one frame` to `frame` (the frame shown at `time` ms).
    func attach(to frame: MediaFrame, at time: Milliseconds) throws(VideoError) {
        // The input's own captions, if its frames carried any, are replaced.
        av_frame_remove_side_data(frame.pointer, AV_FRAME_DATA_A53_CC)
        if !started {
            started = true
            while next < pairs.count, pairs[next].time < Double(time) - frameMilliseconds { next += 1 }
        }
        // Half a millisecond of slack: a pair due exactly at the next frame's start is that frame's.
        let until = Double(time) + frameMilliseconds - 0.5
        var bytes: [UInt8] = []
        while next < pairs.count, pairs[next].time < until, bytes.count / 3 < Self.maximumPerFrame {
            let pair = pairs[next]
            // marker bits 11111, cc_valid 1, cc_type 0 (field 1) or 1 (field 2).
            bytes += [pair.field == 2 ? 0xFD : 0xFC, pair.first, pair.second]
            next += 1
        }
        guard !bytes.isEmpty else { return }
        guard let side = av_frame_new_side_data(frame.pointer, AV_FRAME_DATA_A53_CC, bytes.count) else {
            throw VideoError(.usage, "cannot allocate a frame's closed-caption side data")
        }
        side.pointee.data.update(from: bytes, count: bytes.count)
    }
}
