import CFFmpeg
import CaptionModel
import Foundation

/// What an overlay is: its size, frame rate and length.
public struct OverlayOptions: Sendable {
    public var width: Int
    public var height: Int
    /// Frames per second as a fraction (30000/1001 for 29.97).
    public var rate: FrameRate
    public var frames: Int
    public var codec: OverlayCodec
    /// The time each frame's captions are drawn at, when not n/rate (`render --at A..B` starts at A).
    public var times: [Milliseconds]?
    /// Checked before each frame; a cancelled overlay removes what it wrote and throws `.interrupted`.
    public var cancellation: BurnCancellation?

    public init(width: Int, height: Int, rate: FrameRate, frames: Int, codec: OverlayCodec, times: [Milliseconds]? = nil) {
        self.width = width; self.height = height; self.rate = rate; self.frames = times?.count ?? frames; self.codec = codec
        self.times = times
    }

    /// The time frame `n`'s captions are drawn at: its start, n/rate, unless `times` says otherwise.
    public func time(ofFrame n: Int) -> Milliseconds {
        if let times { return times[n] }
        return Milliseconds((Int64(n) * 1000 * Int64(rate.denominator) + Int64(rate.numerator) / 2) / Int64(rate.numerator))
    }
}

/// How an overlay went, for the summary line and the benchmark.
public struct OverlayStats: Sendable {
    public var frames = 0
    /// Frames whose captions had to be drawn and encoded; the others repeated the frame before.
    public var encoded = 0
    public var seconds = 0.0
}

/// Writes the captions alone over transparency, every frame of the length: frames go from the native
/// renderer (`CaptionLayerSource`, which hands back the same layer while the captions do not change)
/// straight to the encoder, with no PNG in between. A frame like the one before is not drawn or
/// converted again; for codecs whose frames stand alone (ProRes, PNG) its packet is written again.
public enum OverlayWriter {
    public static func write(_ source: CaptionLayerSource, options: OverlayOptions, to path: String,
                             progress: ((Int) -> Void)? = nil) throws(VideoError) -> OverlayStats {
        let start = Date()
        let o = options
        // Encoders' notes (libvpx prints its version) are not the user's business; errors still are.
        av_log_set_level(AV_LOG_ERROR)
        guard o.width > 0, o.height > 0, o.frames > 0 else { throw VideoError(.usage, "\(path): an overlay needs a size and at least one frame") }
        if o.codec == .vp9, o.width % 2 != 0 || o.height % 2 != 0 {
            throw VideoError(.usage, "\(path): VP9 with alpha needs an even width and height (\(o.width)x\(o.height))")
        }
        guard let codec = avcodec_find_encoder_by_name(o.codec.encoderName) else {
            throw VideoError(.usage, "this libavcodec has no \(o.codec.encoderName) encoder")
        }
        let sink: OverlaySink = o.codec == .png ? try PNGSequenceSink(directory: path) : try MediaOutputSink(path: path)
        let encoder = try CodecContext(codec: codec)
        let c = encoder.pointer
        c.pointee.width = Int32(o.width); c.pointee.height = Int32(o.height)
        c.pointee.pix_fmt = o.codec.pixelFormat
        c.pointee.time_base = AVRational(num: Int32(o.rate.denominator), den: Int32(o.rate.numerator))
        c.pointee.framerate = AVRational(num: Int32(o.rate.numerator), den: Int32(o.rate.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.thread_count = 0
        if o.codec.isYCbCr {
            c.pointee.colorspace = AVCOL_SPC_BT709; c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709; c.pointee.color_range = AVCOL_RANGE_MPEG
        }
        if let sink = sink as? MediaOutputSink, sink.output.needsGlobalHeader { c.pointee.flags |= cffmpeg_codec_flag_global_header() }
        if let priv = c.pointee.priv_data {
            switch o.codec {
            case .prores:
                av_opt_set(priv, "profile", "4444", 0)
                av_opt_set(priv, "alpha_bits", "16", 0)
                av_opt_set(priv, "vendor", "apl0", 0)
            case .vp9:
                // Real-time speed; constant quality; the alpha plane is encoded as VP9's side channel.
                av_opt_set(priv, "deadline", "realtime", 0)
                av_opt_set(priv, "cpu-used", "8", 0)
                av_opt_set(priv, "row-mt", "1", 0)
                av_opt_set(priv, "crf", "10", 0)
                c.pointee.bit_rate = 0
            case .png:
                // zlib's fastest level: captions over transparency compress well at any level.
                c.pointee.compression_level = 1
            case .qtrle: break
            }
        }
        if o.codec == .qtrle { c.pointee.gop_size = 30 }
        try check(avcodec_open2(c, codec, nil), .usage, "cannot open the \(encoder.name) encoder for \(o.width)x\(o.height)")
        try sink.begin(encoder: encoder)

        let converter = OverlayFrameConverter(codec: o.codec, width: o.width, height: o.height)
        var stats = OverlayStats()
        var lastLayer: CaptionLayer?? = .none
        var lastFrame: MediaFrame?
        // For codecs whose frames stand alone, a frame like the one before repeats that frame's packet.
        // An encoder with frame threads hands packets back a few frames late, so repeats wait for the
        // packet they copy (`repeats`, by the frame they copy) and are written right after it, which
        // keeps the packets in order; once it is out it is `reusable` at once.
        var lastEncoded = -1
        var reusable: MediaPacket?
        var repeats: [Int: [Int]] = [:]
        func writeCopy(of packet: MediaPacket, as n: Int) throws(VideoError) {
            let copy = MediaPacket()
            try check(av_packet_ref(copy.pointer, packet.pointer), .usage, "cannot copy a packet")
            copy.pointer.pointee.pts = Int64(n); copy.pointer.pointee.dts = Int64(n); copy.pointer.pointee.duration = 1
            try sink.write(copy, frame: n)
        }
        func emit(_ packet: MediaPacket) throws(VideoError) {
            let frame = Int(packet.pointer.pointee.pts)
            // One frame long (the time base is one frame): a last packet without a duration would make
            // the .mov's last sample zero-length, and players would drop it.
            packet.pointer.pointee.duration = 1
            // Kept before writing: the muxer takes the packet's data.
            let waiting = repeats.removeValue(forKey: frame) ?? []
            var keep: MediaPacket?
            if o.codec.isIntraOnly, frame == lastEncoded || !waiting.isEmpty {
                keep = MediaPacket()
                try check(av_packet_ref(keep!.pointer, packet.pointer), .usage, "cannot copy a packet")
                if frame == lastEncoded { reusable = keep }
            }
            try sink.write(packet, frame: frame)
            if let keep { for n in waiting { try writeCopy(of: keep, as: n) } }
        }
        do throws(VideoError) {
            for n in 0..<o.frames {
                if o.cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
                let layer = try source.layer(at: o.time(ofFrame: n))
                let same = lastLayer.map { $0 === layer } ?? false
                if same, o.codec.isIntraOnly, lastEncoded >= 0 {
                    if let reusable { try writeCopy(of: reusable, as: n) } else { repeats[lastEncoded, default: []].append(n) }
                } else {
                    let frame = same && lastFrame != nil ? lastFrame! : try converter.frame(layer)
                    if !same { stats.encoded += 1 }
                    lastFrame = frame
                    let send = try frame.reference()
                    send.pts = Int64(n)
                    lastEncoded = n
                    reusable = nil
                    try encoder.encode(send) { (packet) throws(VideoError) in try emit(packet) }
                }
                lastLayer = .some(layer)
                stats.frames += 1
                progress?(n + 1)
            }
            try encoder.encode(nil) { (packet) throws(VideoError) in try emit(packet) }
            try sink.finish()
        } catch {
            sink.discard()
            throw error
        }
        stats.seconds = Date().timeIntervalSince(start)
        return stats
    }
}

/// Where encoded overlay frames go: a container file, or a folder of PNGs.
protocol OverlaySink: AnyObject {
    func begin(encoder: CodecContext) throws(VideoError)
    func write(_ packet: MediaPacket, frame: Int) throws(VideoError)
    func finish() throws(VideoError)
    func discard()
}

/// A `.mov` or `.webm`, through the muxer that writes a temporary file and renames it at the end.
final class MediaOutputSink: OverlaySink {
    let output: MediaOutput
    private var stream = 0

    init(path: String) throws(VideoError) { output = try MediaOutput(path: path) }

    func begin(encoder: CodecContext) throws(VideoError) {
        stream = try output.addStream(encoder: encoder)
        try output.begin()
    }

    func write(_ packet: MediaPacket, frame: Int) throws(VideoError) { try output.write(packet, stream: stream) }
    func finish() throws(VideoError) { try output.finish() }
    func discard() { output.discard() }
}

/// A folder of `000001.png`, `000002.png`, ... (frame n is file n + 1, as `render --at A..B` numbers
/// them); each file written to a temporary name and renamed, so no half-written PNG is left.
final class PNGSequenceSink: OverlaySink {
    let directory: String
    private var written: [String] = []

    init(directory: String) throws(VideoError) {
        self.directory = directory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw VideoError(.cannotWrite, "\(directory) is a file; a PNG sequence is written into a folder")
        }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw VideoError(.cannotWrite, "\(directory): cannot create the folder (\(error.localizedDescription))")
        }
    }

    func begin(encoder: CodecContext) throws(VideoError) {}

    func write(_ packet: MediaPacket, frame: Int) throws(VideoError) {
        let name = (directory as NSString).appendingPathComponent(String(format: "%06d.png", frame + 1))
        let temporary = (directory as NSString).appendingPathComponent(".\(String(format: "%06d.png", frame + 1)).tmp")
        let data = Data(bytes: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
        guard FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, name) == 0 else {
            unlink(temporary)
            throw VideoError(.cannotWrite, "\(name): cannot write (disk full?)")
        }
        written.append(name)
    }

    func finish() throws(VideoError) {}

    /// The frames written so far are removed: an interrupted sequence is not left looking complete.
    func discard() { for name in written { unlink(name) } }
}
