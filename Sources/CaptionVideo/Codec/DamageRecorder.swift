import CFFmpeg
import CaptionModel

/// Collects a video's `DecodeDamage` in decoding order. A damaged frame is known with its time. A
/// refused packet is not: with frame threads its error comes back while later packets are sent, and
/// it has no frame. Its frame is missing from the frames that come out, though, so it is placed in
/// the gap between the last frame decoded before the error and the next one after it.
struct DamageRecorder {
    private(set) var damage = DecodeDamage()
    /// Where the last frame decoded ends (ms on the input's clock).
    private var lastEnd: Milliseconds?
    /// Refused packets not placed yet: they wait for the next frame.
    private var refusals = 0

    /// The decoder refused a packet.
    mutating func refused() { refusals += 1 }

    /// A frame came out, shown from `start` to `end`.
    mutating func decoded(_ frame: MediaFrame, from start: Milliseconds, to end: Milliseconds) {
        if refusals > 0 {
            let gapStart = lastEnd ?? start
            damage.record(packets: refusals, in: min(gapStart, start)...max(gapStart, start))
            refusals = 0
        }
        if cffmpeg_frame_is_damaged(frame.pointer) != 0 { damage.record(frames: 1, in: start...max(start, end)) }
        lastEnd = end
    }

    /// No more frames: refusals still waiting are placed after the last frame.
    mutating func finish() {
        guard refusals > 0 else { return }
        damage.record(packets: refusals, in: (lastEnd ?? 0)...(lastEnd ?? 0))
        refusals = 0
    }
}
