import CFFmpeg
import CaptionModel
import CaptionRender
import Foundation

/// Burns captions into a video: open the input and decide the output (`init`), then `run` the
/// pipeline. The caption source is made between the two, at `width`×`height`, the output as displayed.
///
/// The pipeline overlaps three threads, joined by small bounded queues (memory stays flat):
/// read + decode + scale (and audio, copied or re-encoded) → captions (layer at each frame's time,
/// blended into its Y'CbCr) → encode + mux. libavcodec adds its own decoder and encoder threads.
public final class VideoBurner: @unchecked Sendable {
    // Unchecked: `run` is called once; its threads hand objects over through queues, one owner at a time.
    public let inputPath: String
    public let options: BurnOptions
    /// The output frame as displayed: captions are laid out at this size.
    public let width: Int
    public let height: Int
    /// The input's display rotation (clockwise degrees), kept on the output as metadata.
    public let rotation: Int
    /// "copied", "re-encoded (AAC)" or "none".
    public let audioHandling: String
    private let input: MediaInput
    private let output: MediaOutput
    private let encoder: CodecContext
    private let videoStream: Int
    private let source: VideoFrameSource

    public init(input path: String, options: BurnOptions) throws(VideoError) {
        // libx264 prints its settings and statistics at info level; only errors are worth showing.
        av_log_set_level(AV_LOG_ERROR)
        inputPath = path
        self.options = options
        if Self.isSameFile(path, options.output) {
            throw VideoError(.cannotWrite, "\(options.output): refusing to overwrite the input file")
        }
        let input = try MediaInput(path: path)
        self.input = input
        let output = try MediaOutput(path: options.output)
        self.output = output
        let codec = try VideoEncoder.findCodec(options.encoder)
        var window = TimeWindow(origin: input.startMicroseconds, start: Int64(options.start) * 1000,
                                end: options.end.map { Int64($0) * 1000 })

        let parameters: VideoEncoder.Parameters
        var displayMatrix: [Int32]?
        var decoded: (decoder: CodecContext, scaler: FrameScaler)?
        var template: MediaFrame?
        if let video = input.video {
            rotation = input.rotation
            displayMatrix = rotation == 0 ? nil : input.displayMatrix
            let decoder = try VideoDecoder.open(video, file: path)
            let d = decoder.pointer.pointee
            guard d.width > 0, d.height > 0 else { throw VideoError(.malformed, "\(path): the video has no frame size.") }
            // Sizes are asked for as displayed; the frames are coded turned by the rotation.
            let shape = rotation % 180 == 0 ? options.shape : Self.turned(options.shape)
            let placement = FramePlacement.of(sourceWidth: Int(d.width), height: Int(d.height), shape: shape, fit: options.fit)
            let format = try PixelFormats.encoderFormat(for: codec, decoded: d.pix_fmt, requested: options.encoder.pixelFormat)
            let scaler = FrameScaler(placement: placement, format: format)
            let still = input.isStillImage
            let rate = video.pointee.avg_frame_rate.num > 0 ? video.pointee.avg_frame_rate : video.pointee.r_frame_rate
            let sameFormat = format == d.pix_fmt
            parameters = VideoEncoder.Parameters(
                width: placement.outputWidth, height: placement.outputHeight, format: format,
                timeBase: still ? AVRational(num: 1, den: Int32(options.frameRate)) : video.pointee.time_base,
                frameRate: still || rate.num <= 0 ? AVRational(num: Int32(options.frameRate), den: 1) : rate,
                sampleAspectRatio: placement.isCropOnly ? d.sample_aspect_ratio : AVRational(num: 1, den: 1),
                colorspace: PixelFormats.isRGB(d.pix_fmt) ? AVCOL_SPC_SMPTE170M : d.colorspace,
                colorRange: sameFormat ? d.color_range : PixelFormats.isFullRange(format) ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG,
                colorPrimaries: d.color_primaries, colorTransfer: d.color_trc,
                hdr: try HDRMetadata.of(input, transfer: d.color_trc))
            if still {
                guard let duration = options.duration ?? options.captionsEnd else {
                    throw VideoError(.usage, "\(path) is a still image: give --duration (how long to show it)")
                }
                window.origin = 0
                window.end = min(window.end ?? Int64.max, Int64(duration) * 1000)
                template = try Self.firstFrame(of: input, decoder: decoder, scaler: scaler)
            } else {
                decoded = (decoder, scaler)
            }
        } else {
            // Audio only: the background, at the size asked for (a 1080-pixel short side by default).
            rotation = 0
            let (w, h) = Self.generatedSize(options.shape)
            let format = try PixelFormats.encoderFormat(for: codec, decoded: AV_PIX_FMT_YUV420P, requested: options.encoder.pixelFormat)
            // The background frame, brought to the size and the output format (a no-op for a colour in yuv420p).
            let background: MediaFrame, placement: FramePlacement
            switch options.background {
            case .color(let color):
                background = try GeneratedFrames.colorFrame(color, width: w, height: h)
                placement = FramePlacement.of(sourceWidth: w, height: h, shape: .size(width: w, height: h), fit: .crop)
            case .image(let image):
                background = try GeneratedFrames.imageFrame(image)
                placement = FramePlacement.of(sourceWidth: image.width, height: image.height, shape: .size(width: w, height: h), fit: options.fit)
            }
            template = try FrameScaler(placement: placement, format: format).convert(background)
            guard let length = options.duration.map({ Int64($0) * 1000 }) ?? input.durationMicroseconds else {
                throw VideoError(.usage, "\(path): its length is unknown; give --duration")
            }
            window.end = min(window.end ?? Int64.max, length)
            parameters = VideoEncoder.Parameters(
                width: w, height: h, format: format, timeBase: AVRational(num: 1, den: Int32(options.frameRate)),
                frameRate: AVRational(num: Int32(options.frameRate), den: 1), sampleAspectRatio: AVRational(num: 1, den: 1),
                colorspace: AVCOL_SPC_SMPTE170M, colorRange: AVCOL_RANGE_MPEG, colorPrimaries: AVCOL_PRI_UNSPECIFIED,
                colorTransfer: AVCOL_TRC_UNSPECIFIED)
        }
        (width, height) = rotation % 180 == 0 ? (parameters.width, parameters.height) : (parameters.height, parameters.width)

        if let embedder = options.closedCaptions {
            let name = String(cString: codec.pointee.name)
            guard ClosedCaptionEmbedder.carryingEncoders.contains(name) else {
                throw VideoError(.usage, "--closed-captions: the \(name) encoder cannot carry CEA-608 captions (in this FFmpeg only libx264 writes them); use --codec h264")
            }
            embedder.prepare(frameRate: parameters.frameRate)
        }
        encoder = try VideoEncoder.open(codec, settings: options.encoder, parameters: parameters, globalHeader: output.needsGlobalHeader)
        videoStream = try output.addStream(encoder: encoder, displayMatrix: displayMatrix, hdr: parameters.hdr)

        var audio: AudioPath?
        if options.part != nil {
            // A part is video only: the join copies the source's audio whole, never cut at the joins.
            guard decoded != nil else { throw VideoError(.usage, "\(path): only a video can be burned in parts") }
            // Decoding from an open GOP's key frame, the leading pictures (which belong to the part
            // before and are dropped) miss their references, and the H.264 decoder says so at error
            // level ("mmco: unref short failure"). Real failures still come back as return codes.
            av_log_set_level(AV_LOG_FATAL)
            audioHandling = "none (a part)"
        } else if let stream = input.audio, !input.isStillImage {
            if output.accepts(stream.pointee.codecpar.pointee.codec_id) {
                audio = try AudioCopy(input: stream, output: output, window: window)
                audioHandling = "copied"
            } else {
                audio = try AudioTranscoder(input: stream, file: path, output: output, window: window)
                audioHandling = "re-encoded (AAC)"
            }
        } else {
            audioHandling = "none"
        }
        if let decoded {
            source = DecodedFrames(input: input, decoder: decoded.decoder, scaler: decoded.scaler, audio: audio,
                                   window: window, part: options.part, cancellation: options.cancellation, stopAtDamage: options.strict)
        } else {
            source = GeneratedFrames(template: template!, frameRate: options.frameRate, window: window,
                                     input: input.video == nil ? input : nil, audio: audio, cancellation: options.cancellation)
        }
    }

    /// How many frames the output should have, when the input says.
    public var expectedFrames: Int? { source.expectedFrames }

    /// Runs the pipeline and writes the output (through a temporary file renamed at the end).
    public func run(captions: CaptionLayerSource, progress: ((BurnProgress) -> Void)? = nil) throws(VideoError) -> BurnStatistics {
        try output.begin()
        let started = Date()
        let decodedQueue = BoundedQueue<TimedFrame>(capacity: 4)
        let composedQueue = BoundedQueue<MediaFrame>(capacity: 4)
        let failure = FirstError()
        let finished = DispatchGroup()
        let captionStage = CaptionStage(captions: captions, rotation: rotation)
        let closedCaptions = options.closedCaptions

        func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
            finished.enter()
            let thread = Thread { body(); finished.leave() }
            thread.name = name
            thread.stackSize = 8 << 20
            thread.start()
        }
        let source = UncheckedBox(self.source)
        spawn("burn.decode") {
            do throws(VideoError) { try source.value.run { decodedQueue.push($0) } } catch { failure.record(error) }
            decodedQueue.close()
        }
        spawn("burn.captions") {
            while let item = decodedQueue.pop() {
                let frame: MediaFrame
                do throws(VideoError) {
                    frame = try captionStage.draw(item)
                    try closedCaptions?.attach(to: frame, at: item.time)
                } catch {
                    failure.record(error)
                    break
                }
                if !composedQueue.push(frame) { break }
            }
            decodedQueue.close()
            composedQueue.close()
        }

        var frames = 0
        let expected = source.value.expectedFrames
        while let frame = composedQueue.pop() {
            do throws(VideoError) {
                if options.cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
                // A decoder's picture type would force x264's key frames where the input had them.
                frame.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
                try encode(frame)
                frames += 1
                progress?(BurnProgress(frames: frames, expectedFrames: expected, elapsedSeconds: Date().timeIntervalSince(started)))
            } catch {
                failure.record(error)
                break
            }
        }
        composedQueue.close()
        decodedQueue.close()
        finished.wait()
        if failure.value == nil, options.cancellation?.isCancelled == true { failure.record(VideoError(.interrupted, "interrupted")) }
        let truncation = failure.value == nil ? source.value.truncation : nil
        if let truncation, options.strict {
            failure.record(VideoError(.malformed, "\(truncation.description); nothing written (--strict)"))
        }
        if let error = failure.value {
            output.discard()
            throw error
        }
        do throws(VideoError) {
            try encode(nil)
            try output.finish()
        } catch {
            output.discard()
            throw error
        }
        if frames == 0 { throw VideoError(.malformed, "\(inputPath): no frames in the chosen range") }
        return BurnStatistics(frames: frames, wallSeconds: Date().timeIntervalSince(started), captionedFrames: captionStage.captionedFrames,
                              captionMilliseconds: captionStage.milliseconds, frameCopyMilliseconds: captionStage.copyMilliseconds,
                              width: width, height: height, audio: audioHandling, truncation: truncation, damage: source.value.damage)
    }

    private func encode(_ frame: MediaFrame?) throws(VideoError) {
        let c = encoder.pointer.pointee
        // Encoders leave packet durations unset with a fine time base; the muxer needs the last one
        // for the stream's duration (the others follow from the timestamps).
        let nominal = c.framerate.num > 0 ? av_rescale_q(1, av_inv_q(c.framerate), c.time_base) : 0
        try encoder.encode(frame) { (packet) throws(VideoError) in
            if packet.pointer.pointee.duration <= 0 { packet.pointer.pointee.duration = nominal }
            try output.write(packet, stream: videoStream)
        }
    }

    // MARK: Set-up helpers

    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// A shape as the coded (unrotated) frame sees it.
    static func turned(_ shape: OutputShape) -> OutputShape {
        switch shape {
        case .source: .source
        case .size(let w, let h): .size(width: h, height: w)
        case .aspect(let a, let b): .aspect(b, a)
        }
    }

    /// The frame size for a video made from scratch: as asked, or 1080 on the short side.
    static func generatedSize(_ shape: OutputShape) -> (Int, Int) {
        switch shape {
        case .source: (1080, 1920)
        case .size(let w, let h): (FramePlacement.even(w), FramePlacement.even(h))
        case .aspect(let a, let b):
            a <= b ? (1080, FramePlacement.even(1080 * b / a)) : (FramePlacement.even(1080 * a / b), 1080)
        }
    }

    /// Decodes a still image's picture, scaled to the output.
    static func firstFrame(of input: MediaInput, decoder: CodecContext, scaler: FrameScaler) throws(VideoError) -> MediaFrame {
        guard let picture = try VideoDecoder.firstFrame(of: input, decoder: decoder) else { throw VideoError(.malformed, "\(input.path): the image cannot be decoded.") }
        let frame = try scaler.convert(picture)
        frame.pts = 0
        return frame
    }
}

/// Carries a non-Sendable object to the one thread that uses it.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
