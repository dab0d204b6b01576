import CFFmpeg
import CaptionModel

/// One decoded frame brought down to a small fixed size for shot-change detection: what a cut changes
/// (the whole picture's layout and colours) survives the reduction, and a frame costs the same to
/// compare at any video size.
public struct ShotPicture: Sendable {
    /// The frame's number at the stream's rate, counted from the player's time 0.
    public var number: Int
    /// The frame's time in milliseconds on the player's clock.
    public var milliseconds: Int
    public var width: Int
    public var height: Int
    /// `width` x `height` luma samples, rows packed.
    public var luma: [UInt8]
    /// The two chroma planes at half the size each way (4:2:0), rows packed.
    public var u: [UInt8]
    public var v: [UInt8]
}

/// Decodes the video stream of a file into `ShotPicture`s. The cost per frame is the decoder's and
/// little else: codecs that can decode at a reduced resolution (libavcodec's `lowres`: MPEG-1/2/4 part 2,
/// MJPEG...) do, H.264 and HEVC skip the loop filter (deblocking blurs what a cut changes too little to
/// matter at 64x36), and swscale averages the picture down to the small size.
public final class ShotFrameReader {
    /// The small picture's size: 64x36 luma, 32x18 chroma. Measured on the shots test clip at 1080p, the
    /// smallest cut's jump over the largest other frame difference is 7.4 at 32x18, 7.0 at 64x36 and 6.9
    /// at 128x72 (fine motion counts more as the picture grows): any of them separates that clip. 64x36 is
    /// a judgment between them: enough layout left to tell two framings of one place apart, a quarter of
    /// 128x72's comparisons.
    public static let width = 64, height = 36

    public let path: String
    /// The stream's frame rate (its average, else its base rate): what frame numbers count.
    public let frameRate: FrameRate
    /// The coded size and the `lowres` level used (each level halves both sides).
    public let sourceWidth: Int, sourceHeight: Int
    public private(set) var lowres = 0

    private let container: ContainerFile
    private let streamIndex: Int
    private let timeBase: AVRational
    private var scaler: OpaquePointer?
    private var scalerKey: (width: Int32, height: Int32, format: Int32)?
    private let small: MediaFrame

    /// Opens `path`: 66 when it is missing or unreadable, 65 when it is not a media file or has no video.
    public init(path: String) throws(VideoError) {
        self.path = path
        container = try ContainerFile(path: path)
        var index = Int(av_find_best_stream(container.context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0))
        // An MP3's or M4A's cover art is a one-picture "video" stream: not a video to cut.
        if index >= 0, container.stream(index).pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { index = -1 }
        guard index >= 0 else { throw VideoError(.malformed, "\(path) has no video stream to find shot changes in") }
        streamIndex = index
        let stream = container.stream(index)
        timeBase = stream.pointee.time_base
        let rational = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        guard let rate = FrameRate(numerator: Int(rational.num), denominator: Int(max(1, rational.den))) else {
            throw VideoError(.malformed, "\(path): its video stream has no frame rate")
        }
        frameRate = rate
        sourceWidth = Int(stream.pointee.codecpar.pointee.width)
        sourceHeight = Int(stream.pointee.codecpar.pointee.height)
        small = try MediaFrame.video(width: Self.width, height: Self.height, format: AV_PIX_FMT_YUV420P)
    }

    deinit { sws_freeContext(scaler) }

    /// Decodes every frame in order and hands each one's small picture to `body` (once per reader: the
    /// file is read through). Damaged packets are skipped, as ffmpeg skips them; frames without a
    /// timestamp take the number after the last one.
    public func read(_ body: (ShotPicture) -> Void) throws(VideoError) {
        let stream = container.stream(streamIndex)
        var lowres = 0
        let decoder = try VideoDecoder.open(stream, file: path) { decoder in
            // The lowest resolution that still leaves twice the small picture's pixels to average.
            let maximum = Int(decoder.codec.pointee.max_lowres)
            while lowres < maximum, (self.sourceWidth >> (lowres + 1)) >= 2 * Self.width,
                  (self.sourceHeight >> (lowres + 1)) >= 2 * Self.height { lowres += 1 }
            decoder.pointer.pointee.lowres = Int32(lowres)
            decoder.pointer.pointee.skip_loop_filter = AVDISCARD_ALL
            decoder.pointer.pointee.flags2 |= AV_CODEC_FLAG2_FAST
        }
        self.lowres = lowres
        var next = 0
        func emit(_ frame: MediaFrame) throws(VideoError) {
            let number = frameNumber(frame) ?? next
            next = number + 1
            body(try picture(of: frame, number: number))
        }
        do {
            try container.forEachPacket(ofStream: streamIndex) { packet in
                let held = MediaPacket()
                av_packet_move_ref(held.pointer, packet)
                try decoder.decode(held, file: path, refused: {}, emit)
            }
        } catch let error as VideoError {
            throw error
        } catch {
            throw VideoError(.malformed, "\(path): \(error)")
        }
        try decoder.decode(nil, file: path, refused: {}, emit)
    }

    /// The frame on screen at the frame's timestamp, on the stream's rate from the player's time 0: the
    /// frame containing it, with a tenth of a frame's grace for timestamps rounded to the millisecond
    /// (Matroska's 29.97 fps frame 1 is at 33 ms, 0.989 of a frame). A stream shifted by a fraction of a
    /// frame (21 ms of AAC priming before a late video) keeps the frames its pictures are shown in.
    private func frameNumber(_ frame: MediaFrame) -> Int? {
        let ts = frame.pointer.pointee.best_effort_timestamp
        guard ts != cffmpeg_nopts_value() else { return nil }
        let us = Int(av_rescale_q(ts, timeBase, cffmpeg_time_base_q()) - container.startMicroseconds)
        let unit = frameRate.denominator * 10_000_000
        let scaled = us * frameRate.numerator * 10 + unit / 10
        return scaled >= 0 ? scaled / unit : -((-scaled + unit - 1) / unit)
    }

    private func picture(of frame: MediaFrame, number: Int) throws(VideoError) -> ShotPicture {
        let context = try scaler(for: frame)
        try check(sws_scale_frame(context, small.pointer, frame.pointer), .usage, "\(path): cannot scale a frame")
        func plane(_ i: Int, _ w: Int, _ h: Int) -> [UInt8] {
            let base = small.plane(i)!, stride = small.linesize(i)
            return [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
                for y in 0..<h { (buffer.baseAddress! + y * w).update(from: base + y * stride, count: w) }
                count = w * h
            }
        }
        return ShotPicture(number: number, milliseconds: frameRate.milliseconds(frames: number), width: Self.width, height: Self.height,
                           luma: plane(0, Self.width, Self.height), u: plane(1, Self.width / 2, Self.height / 2), v: plane(2, Self.width / 2, Self.height / 2))
    }

    /// One swscale context while the decoded size and format stay; area averaging, so every source pixel
    /// counts (a bilinear 30:1 reduction would sample a few and flicker with detail).
    private func scaler(for frame: MediaFrame) throws(VideoError) -> OpaquePointer {
        let s = frame.pointer.pointee
        if let scaler, let key = scalerKey, key.width == s.width, key.height == s.height, key.format == s.format { return scaler }
        sws_freeContext(scaler)
        scaler = sws_getContext(s.width, s.height, AVPixelFormat(rawValue: s.format), Int32(Self.width), Int32(Self.height),
                                AV_PIX_FMT_YUV420P, SWS_AREA, nil, nil, nil)
        scalerKey = (s.width, s.height, s.format)
        guard let scaler else { throw VideoError(.usage, "\(path): cannot convert \(s.width)x\(s.height) frames") }
        return scaler
    }
}
