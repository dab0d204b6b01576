import CFFmpeg
import Foundation

/// `captions join`: a plan's parts copied one after another into one video, their timestamps moved
/// back onto the source's clock (part K's frames start at its key frame's time, as in an unsplit
/// burn), with the source's audio copied once, whole, at its own timing. Nothing is re-encoded.
///
/// Refuses, naming the part, when a part is missing, is encoded unlike the first (codec, size, pixel
/// format, profile, level, or its SPS/PPS), or holds another number of frames than the plan counts.
public enum PartJoiner {
    public struct Statistics: Sendable {
        public var frames: Int
        public var parts: Int
        public var audio: String
        public var wallSeconds: Double
    }

    public static func join(_ plan: PartPlan, output path: String, cancellation: BurnCancellation? = nil) throws(VideoError) -> Statistics {
        av_log_set_level(AV_LOG_ERROR)
        let started = Date()
        var parts: [MediaInput] = []
        for part in plan.parts {
            try checkPresent(part)
            let input = try MediaInput(path: part.output)
            guard let video = input.video else { throw VideoError(.malformed, "part \(part.index) (\(part.output)) has no video") }
            if let first = parts.first?.video, let difference = Self.difference(video.pointee.codecpar.pointee, first.pointee.codecpar.pointee) {
                throw VideoError(.malformed, "part \(part.index) (\(part.output)) is encoded unlike part 0 (\(difference)); burn it again with --part \(part.index)")
            }
            parts.append(input)
        }
        let first = parts[0].video!
        let planBase = AVRational(num: plan.timeBase[0], den: plan.timeBase[1])
        let outBase = first.pointee.time_base
        // The muxer takes the last packet's duration for the stream's: as the burn gives it, one frame.
        let rate = first.pointee.avg_frame_rate.num > 0 ? first.pointee.avg_frame_rate : first.pointee.r_frame_rate
        let nominal = rate.num > 0 ? av_rescale_q(1, av_inv_q(rate), outBase) : 0

        let output = try MediaOutput(path: path)
        // The container's rotation and HDR metadata are the parts' (each part carries the source's).
        let hdr = try HDRMetadata.of(parts[0], transfer: first.pointee.codecpar.pointee.color_trc)
        let videoIndex = try output.addStream(copying: first, displayMatrix: parts[0].displayMatrix, hdr: hdr)
        let source = try MediaInput(path: plan.video)
        source.video?.pointee.discard = AVDISCARD_ALL
        let window = TimeWindow(origin: source.startMicroseconds, start: 0, end: nil)
        var audio: AudioPath?
        var audioHandling = "none"
        if let stream = source.audio {
            if output.accepts(stream.pointee.codecpar.pointee.codec_id) {
                audio = try AudioCopy(input: stream, output: output, window: window)
                audioHandling = "copied"
            } else {
                audio = try AudioTranscoder(input: stream, file: plan.video, output: output, window: window)
                audioHandling = "re-encoded (AAC)"
            }
        }
        try output.begin()
        do throws(VideoError) {
            var pending: MediaPacket?
            let audioPacket = MediaPacket()
            /// The next audio packet of the source, or nil at its end.
            func nextAudio() throws(VideoError) -> MediaPacket? {
                while try source.read(into: audioPacket) {
                    if audioPacket.streamIndex == Int(source.audio!.pointee.index) { return audioPacket.take() }
                    av_packet_unref(audioPacket.pointer)
                }
                return nil
            }
            /// Seconds on the output clock, to interleave audio with video as they will play.
            func audioSeconds(_ packet: MediaPacket) -> Double {
                let p = packet.pointer.pointee
                let ts = p.dts != cffmpeg_nopts_value() ? p.dts : p.pts
                return Double(window.microseconds(ts, source.audio!.pointee.time_base)) / 1e6
            }
            if audio != nil { pending = try nextAudio() }

            var frames = 0
            var lastDTS = Int64.min
            let packet = MediaPacket()
            for (k, part) in plan.parts.enumerated() {
                let input = parts[k], stream = input.video!
                let offset = av_rescale_q(part.start - plan.origin, planBase, outBase)
                var count = 0
                while try input.read(into: packet) {
                    if cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
                    let owned = packet.take()
                    guard owned.streamIndex == Int(stream.pointee.index) else { continue }
                    let p = owned.pointer
                    av_packet_rescale_ts(p, stream.pointee.time_base, outBase)
                    if p.pointee.pts != cffmpeg_nopts_value() { p.pointee.pts += offset }
                    if p.pointee.dts != cffmpeg_nopts_value() { p.pointee.dts += offset }
                    p.pointee.pos = -1
                    if p.pointee.duration <= 0 { p.pointee.duration = nominal }
                    // An encoder counts a part's first decode times back from its first frames' spacing
                    // (B-frames decode before they show). Where the spacing changes at a join (variable
                    // frame rate) they can reach back over the part before's last: such a decode time is
                    // moved up to just after it. It stays before the frame's presentation time, which
                    // starts the part, so what plays does not change.
                    if p.pointee.dts != cffmpeg_nopts_value() {
                        if p.pointee.dts <= lastDTS { p.pointee.dts = lastDTS + 1 }
                        lastDTS = p.pointee.dts
                    }
                    let seconds = Double(p.pointee.dts != cffmpeg_nopts_value() ? p.pointee.dts : p.pointee.pts) * av_q2d(outBase)
                    while let next = pending, audioSeconds(next) <= seconds {
                        try audio!.handle(next)
                        pending = try nextAudio()
                    }
                    try output.write(owned, stream: videoIndex)
                    count += 1
                }
                guard count == part.frames else {
                    throw VideoError(.malformed, "part \(k) (\(part.output)) has \(count) frames where the plan counts \(part.frames); burn it again with --part \(k)")
                }
                frames += count
            }
            while let next = pending {
                try audio!.handle(next)
                pending = try nextAudio()
            }
            try audio?.finish()
            try output.finish()
            return Statistics(frames: frames, parts: parts.count, audio: audioHandling, wallSeconds: Date().timeIntervalSince(started))
        } catch {
            output.discard()
            throw error
        }
    }

    /// Refuses a part whose file is not there, saying how to make it.
    public static func checkPresent(_ part: PartPlan.Part) throws(VideoError) {
        guard FileManager.default.fileExists(atPath: part.output) else {
            throw VideoError(.unreadable, "part \(part.index) (\(part.output)) is missing; burn it with --part \(part.index)")
        }
    }

    /// How two parts' video streams differ in what a decoder is set up with, or nil when alike.
    static func difference(_ a: AVCodecParameters, _ b: AVCodecParameters) -> String? {
        if a.codec_id != b.codec_id { return "another codec" }
        if a.width != b.width || a.height != b.height { return "\(a.width)x\(a.height), not \(b.width)x\(b.height)" }
        if a.format != b.format { return "another pixel format" }
        if a.profile != b.profile || a.level != b.level { return "another profile or level" }
        let extraA = a.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(a.extradata_size))) } ?? []
        let extraB = b.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(b.extradata_size))) } ?? []
        if extraA != extraB { return "its SPS/PPS differ" }
        return nil
    }
}
