import CFFmpeg
import CaptionModel
import CaptionRender

/// Video made from one picture (a still image, or the background of an audio-only input) repeated at a
/// fixed frame rate for a duration; an audio-only input's audio is written alongside, in step.
final class GeneratedFrames: VideoFrameSource {
    let template: MediaFrame
    let frameRate: Int
    /// The frames cover [window.start, window.end) of the input's clock.
    let window: TimeWindow
    let input: MediaInput?
    let audio: AudioPath?
    let cancellation: BurnCancellation?
    /// Made, not decoded: never cut short.
    var truncation: InputTruncation? { nil }
    var damage: DecodeDamage { DecodeDamage() }

    init(template: MediaFrame, frameRate: Int, window: TimeWindow, input: MediaInput?, audio: AudioPath?,
         cancellation: BurnCancellation?) {
        self.template = template
        self.frameRate = frameRate
        self.window = window
        self.input = input
        self.audio = audio
        self.cancellation = cancellation
    }

    var expectedFrames: Int? { frameCount }

    private var frameCount: Int {
        let span = (window.end ?? window.start) - window.start
        return Int((Double(span) * Double(frameRate) / 1e6).rounded(.up))
    }

    /// The input-clock time of frame `n`, in µs.
    private func time(of n: Int) -> Int64 { window.start + Int64(n) * 1_000_000 / Int64(frameRate) }

    func run(_ emit: (TimedFrame) -> Bool) throws(VideoError) {
        var next = 0
        func emitFrames(before us: Int64) throws(VideoError) -> Bool {
            while next < frameCount, time(of: next) < us {
                if cancellation?.isCancelled == true { throw VideoError(.interrupted, "interrupted") }
                let frame = try template.reference()
                frame.pts = Int64(next)
                guard emit(TimedFrame(frame: frame, time: milliseconds(fromMicroseconds: time(of: next)))) else { return false }
                next += 1
            }
            return true
        }
        if let input, let audio, let stream = input.audio {
            if window.start > 0 { try input.seek(toMicroseconds: window.start) }
            let packet = MediaPacket()
            while try input.read(into: packet) {
                let owned = packet.take()
                guard owned.streamIndex == stream.pointee.index else { continue }
                let ts = owned.pointer.pointee.pts
                if ts != cffmpeg_nopts_value() {
                    let us = window.microseconds(ts, stream.pointee.time_base)
                    // Video up to the audio's time first, so the muxer never holds much of either.
                    guard try emitFrames(before: us) else { return }
                    if let end = window.end, us >= end { break }
                }
                try audio.handle(owned)
            }
            try audio.finish()
        }
        _ = try emitFrames(before: Int64.max)
    }

    /// A frame of one colour, as 4:2:0 BT.601 limited range (tagged so).
    static func colorFrame(_ color: RGBAColor, width: Int, height: Int) throws(VideoError) -> MediaFrame {
        let frame = try MediaFrame.video(width: width, height: height, format: AV_PIX_FMT_YUV420P)
        frame.pointer.pointee.colorspace = AVCOL_SPC_SMPTE170M
        frame.pointer.pointee.color_range = AVCOL_RANGE_MPEG
        let c = ColorMatrix(standard: .bt601, fullRange: false).yuv(color.red, color.green, color.blue)
        let values = [c.y, c.u, c.v].map { UInt8(max(0, min(255, $0.rounded()))) }
        for plane in 0..<3 {
            let rows = plane == 0 ? height : (height + 1) / 2
            let columns = plane == 0 ? width : (width + 1) / 2
            for row in 0..<rows { (frame.plane(plane)! + row * frame.linesize(plane)).update(repeating: values[plane], count: columns) }
        }
        return frame
    }

    /// An RGBA image as a libav frame (to be scaled and converted like any decoded picture).
    static func imageFrame(_ image: RGBAImage) throws(VideoError) -> MediaFrame {
        let frame = try MediaFrame.video(width: image.width, height: image.height, format: AV_PIX_FMT_RGBA)
        image.withUnsafePixels { pixels in
            for row in 0..<image.height {
                (frame.plane(0)! + row * frame.linesize(0)).update(from: pixels.baseAddress! + row * image.width * 4, count: image.width * 4)
            }
        }
        return frame
    }
}
