import CFFmpeg
import Foundation

/// The source video's frames and key frames, read from its packets (demuxed, not decoded): what a
/// plan cuts at. Every packet of the video stream is one frame; a key packet is one a decoder can
/// start at.
public struct KeyFrameScan: Sendable {
    /// Every frame's timestamp, in presentation order.
    public var frames: [Int64]
    /// The key frames' timestamps, in order.
    public var keyFrames: [Int64]
    public var timeBase: (num: Int32, den: Int32)
    /// The container's start time in the stream's time base.
    public var origin: Int64

    public static func scan(_ path: String, cancellation: BurnCancellation? = nil) throws(VideoError) -> KeyFrameScan {
        let input = try MediaInput(path: path)
        guard let video = input.video, !input.isStillImage else {
            throw VideoError(.usage, "\(path): only a video can be split into parts (this is an image or audio)")
        }
        input.audio?.pointee.discard = AVDISCARD_ALL
        let timeBase = video.pointee.time_base
        var frames: [Int64] = [], keys: [Int64] = []
        let packet = MediaPacket()
        while try input.read(into: packet) {
            if cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            guard packet.streamIndex == Int(video.pointee.index) else { continue }
            guard p.flags & AV_PKT_FLAG_CORRUPT == 0 else { throw VideoError(.malformed, "\(path) is damaged: a corrupt packet at frame \(frames.count + 1)") }
            let ts = p.pts != cffmpeg_nopts_value() ? p.pts : p.dts
            guard ts != cffmpeg_nopts_value() else {
                throw VideoError(.usage, "\(path): frame \(frames.count + 1) has no timestamp; such a stream cannot be split frame-exactly")
            }
            frames.append(ts)
            if p.flags & AV_PKT_FLAG_KEY != 0 { keys.append(ts) }
        }
        guard !frames.isEmpty else { throw VideoError(.malformed, "\(path): the video has no frames") }
        frames.sort()
        keys.sort()
        let origin = av_rescale_q(input.startMicroseconds, cffmpeg_time_base_q(), timeBase)
        return KeyFrameScan(frames: frames, keyFrames: keys, timeBase: (timeBase.num, timeBase.den), origin: origin)
    }

    /// Cut points for `count` parts of about equal frame counts: the key frame nearest each ideal
    /// point, never the first frame, each after the last. Fewer parts when there are fewer key frames.
    public func cuts(into count: Int) -> [Int64] {
        guard count > 1 else { return [] }
        var cuts: [Int64] = []
        for i in 1..<count {
            let ideal = frames[i * frames.count / count], last = cuts.last ?? frames[0]
            guard let nearest = keyFrames.filter({ $0 > last }).min(by: { abs($0 - ideal) < abs($1 - ideal) }) else { break }
            cuts.append(nearest)
        }
        return cuts
    }

    /// The plan for `count` parts, the parts named `STEM.part-NNN.mp4` after the plan's file name
    /// (`talk.plan.json`: `talk.plan.part-000.mp4` ...), beside it.
    public func plan(parts count: Int, video: String, arguments: [String], partsNamedAfter plan: String) -> PartPlan {
        let bounds = [frames[0]] + cuts(into: count)
        let stem = URL(fileURLWithPath: plan).deletingPathExtension().path
        let width = max(3, String(bounds.count - 1).count)
        var parts: [PartPlan.Part] = []
        var next = 0
        for (k, start) in bounds.enumerated() {
            let end = k + 1 < bounds.count ? bounds[k + 1] : nil
            let first = next
            while next < frames.count, end.map({ frames[next] < $0 }) ?? true { next += 1 }
            parts.append(PartPlan.Part(index: k, output: "\(stem).part-\(String(format: "%0\(width)d", k)).mp4", start: start, end: end, frames: next - first,
                                       startSeconds: Double(start - origin) * Double(timeBase.num) / Double(timeBase.den)))
        }
        return PartPlan(video: video, arguments: arguments, timeBase: [timeBase.num, timeBase.den], origin: origin, frames: frames.count, parts: parts)
    }
}
