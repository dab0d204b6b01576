import CFFmpeg
import CaptionModel

/// Frames decoded from the input's video stream, trimmed, retimed and scaled; audio handed to its path.
final class DecodedFrames: VideoFrameSource {
    let input: MediaInput
    let decoder: CodecContext
    let scaler: FrameScaler
    let audio: AudioPath?
    let window: TimeWindow
    /// A plan's part: these frames exactly, by timestamp, instead of the window's times.
    let part: PartRange?
    let cancellation: BurnCancellation?
    private let stream: UnsafeMutablePointer<AVStream>
    /// One frame's duration in the stream's time base, from its average rate (30 fps when unstated):
    /// for frames without a timestamp or a duration of their own.
    private let frameStep: Int64
    private var decodedFrames = 0
    private var videoDone = false
    private var lastPTS: Int64?
    /// Where the last decoded frame ends (µs on the input's clock).
    private var reachedMicroseconds: Int64?
    /// Set at the first packet the demuxer marks corrupt: the video is read no further.
    private var corruptPacket = false
    private(set) var truncation: InputTruncation?
    /// Damage inside the video, which the decoder decodes past (concealed frames, refused packets).
    private var recorder = DamageRecorder()
    var damage: DecodeDamage { recorder.damage }
    /// `BurnOptions.strict`: the first damage stops the burn.
    private let stopAtDamage: Bool

    /// Frames of the part emitted so far.
    private var partFrames = 0

    init(input: MediaInput, decoder: CodecContext, scaler: FrameScaler, audio: AudioPath?, window: TimeWindow,
         part: PartRange? = nil, cancellation: BurnCancellation?, stopAtDamage: Bool = false) {
        self.part = part
        self.stopAtDamage = stopAtDamage
        self.input = input
        self.decoder = decoder
        self.scaler = scaler
        self.audio = audio
        self.window = window
        self.cancellation = cancellation
        stream = input.video!
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : AVRational(num: 30, den: 1)
        frameStep = av_rescale_q(1, av_inv_q(rate), stream.pointee.time_base)
    }

    var expectedFrames: Int? {
        if let part { return part.frames }
        let s = stream.pointee
        let rate = s.avg_frame_rate.num > 0 ? s.avg_frame_rate : s.r_frame_rate
        if window.start == 0, window.end == nil, s.nb_frames > 0 { return Int(s.nb_frames) }
        guard rate.num > 0, rate.den > 0 else { return nil }
        let total = input.durationMicroseconds ?? 0
        let span = (window.end.map { min($0, total) } ?? total) - window.start
        return span > 0 ? Int((Double(span) / 1e6 * av_q2d(rate)).rounded()) : nil
    }

    func run(_ emit: (TimedFrame) -> Bool) throws(VideoError) {
        if let part {
            if part.seeks { try input.seek(stream: stream, toKeyFrameAtOrBefore: part.start) }
        } else if window.start > 0 {
            try input.seek(toMicroseconds: window.start)
        }
        let packet = MediaPacket()
        var stopped = false
        var audioDone = audio == nil
        while !stopped, try input.read(into: packet) {
            if cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
            let owned = packet.take()
            if owned.pointer.pointee.stream_index == stream.pointee.index {
                if videoDone { continue }
                if owned.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                    // What follows a damaged packet would decode as garbage: the usable video ends here.
                    corruptPacket = true
                    videoDone = true
                    continue
                }
                try decoder.decode(owned, file: input.path, refused: { self.recorder.refused() }) { (frame) throws(VideoError) in
                    if try !handle(frame, emit) { stopped = true }
                }
                try stopIfDamaged()
            } else if let audio, !audioDone {
                let ts = owned.pointer.pointee.pts
                if let end = window.end, ts != cffmpeg_nopts_value(),
                   window.microseconds(ts, input.audio!.pointee.time_base) >= end { audioDone = true }
                try audio.handle(owned)
            }
            if videoDone && audioDone { break }
        }
        if stopped { return }
        try decoder.decode(nil, file: input.path, refused: { self.recorder.refused() }) { (frame) throws(VideoError) in _ = try handle(frame, emit) }
        recorder.finish()
        try stopIfDamaged()
        try audio?.finish()
        truncation = measuredTruncation()
    }

    /// Under `--strict` damage refuses the input as soon as it is found: a long burn need not run on
    /// to a refusal at its end.
    private func stopIfDamaged() throws(VideoError) {
        guard stopAtDamage, !recorder.damage.isEmpty else { return }
        throw VideoError(.malformed, "\(input.path): \(recorder.damage.description); nothing written (--strict stops at the first damage)")
    }

    /// Whether the frames stopped short of what the container claims for the part burned: a damaged
    /// packet; fewer frames than an MP4's count; or the last frame ending over half a second before
    /// the claimed end. That end is the video stream's own when the container states it (the whole
    /// file's also counts audio, which may run on past the video), else the file's duration.
    private func measuredTruncation() -> InputTruncation? {
        let s = stream.pointee
        let streamEnd = s.duration != cffmpeg_nopts_value() && s.duration > 0
            ? window.microseconds((s.start_time != cffmpeg_nopts_value() ? s.start_time : 0) + s.duration, s.time_base) : nil
        if let part {
            // A part is cut short when it has fewer frames than the plan counted; it claims to reach
            // the next part's key frame (the last part, the video's end).
            guard partFrames < part.frames,
                  let claimed = part.end.map({ window.microseconds($0, s.time_base) }) ?? streamEnd ?? input.durationMicroseconds else { return nil }
            return InputTruncation(path: input.path, reachedMilliseconds: milliseconds(fromMicroseconds: min(reachedMicroseconds ?? 0, claimed)),
                                   claimedMilliseconds: milliseconds(fromMicroseconds: claimed))
        }
        guard let total = streamEnd ?? input.durationMicroseconds else { return nil }
        let claimed = min(window.end ?? total, total)
        let reached = reachedMicroseconds ?? window.start
        let expected = Int(stream.pointee.nb_frames)
        // Frames of refused packets are missing, but not at the end: that is damage, not truncation.
        let fewerFrames = window.start == 0 && window.end == nil && expected > 0 && decodedFrames + recorder.damage.refusedPackets + 2 < expected
        guard corruptPacket || fewerFrames || reached + 500_000 < claimed else { return nil }
        return InputTruncation(path: input.path, reachedMilliseconds: milliseconds(fromMicroseconds: min(reached, claimed)),
                               claimedMilliseconds: milliseconds(fromMicroseconds: claimed))
    }

    /// Trims, retimes, scales and emits one decoded frame; false when the consumer stopped.
    private func handle(_ frame: MediaFrame, _ emit: (TimedFrame) -> Bool) throws(VideoError) -> Bool {
        decodedFrames += 1
        var ts = frame.pointer.pointee.best_effort_timestamp
        if ts == cffmpeg_nopts_value() {
            // No timestamp at all (rare raw streams): one frame duration after the last.
            ts = (lastPTS ?? -frameStep) + frameStep
        }
        lastPTS = ts
        let us = window.microseconds(ts, stream.pointee.time_base)
        let duration = frame.pointer.pointee.pkt_duration > 0 ? frame.pointer.pointee.pkt_duration : frameStep
        let endMicroseconds = window.microseconds(ts + duration, stream.pointee.time_base)
        reachedMicroseconds = max(reachedMicroseconds ?? 0, endMicroseconds)
        if let part {
            // Frames before the part (an open GOP's leading pictures, decoded from the key frame on)
            // belong to the part before; the part ends at the next part's key frame or its count.
            if ts < part.start { return true }
            if part.end.map({ ts >= $0 }) ?? false || partFrames == part.frames { videoDone = true; return true }
            partFrames += 1
            frame.pts = ts - part.start
        } else {
            if us < window.start { return true }
            if let end = window.end, us >= end { videoDone = true; return true }
            frame.pts = window.shifted(ts, stream.pointee.time_base)
        }
        // Only frames burned count: the leading pictures of an open GOP, decoded without their
        // references before a part or --start, are damaged by design and dropped.
        recorder.decoded(frame, from: milliseconds(fromMicroseconds: us), to: milliseconds(fromMicroseconds: endMicroseconds))
        let scaled = try scaler.convert(frame)
        return emit(TimedFrame(frame: scaled, time: milliseconds(fromMicroseconds: us)))
    }
}
