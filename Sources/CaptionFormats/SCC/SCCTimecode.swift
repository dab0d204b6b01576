import CaptionModel

/// An SCC time code, `HH:MM:SS:FF` (non-drop) or `HH:MM:SS;FF` (drop-frame; `.` and `,` are drop-frame
/// spellings some tools write too), and the frame it names.
///
/// Every SCC time code counts frames of the caption stream, 30000/1001 per second unless `--fps` says
/// otherwise: non-drop `HH:MM:SS:FF` is frame `((H*60+M)*60+S)*30+F` (so its clock runs 0.1% slow
/// against real time: 01:00:00:00 is 3603.6 s), and drop-frame skips frame numbers 0 and 1 of every
/// minute except each tenth, so its clock keeps to real time. ttconv counts this way; pycaption (and
/// ffmpeg's SCC demuxer) read the codes as clock time, which drifts up to 2 frames within a minute.
public struct SCCTimecode: Sendable, Hashable, CustomStringConvertible {
    public var hours: Int, minutes: Int, seconds: Int, frames: Int
    public var dropFrame: Bool

    public init(hours: Int, minutes: Int, seconds: Int, frames: Int, dropFrame: Bool) {
        self.hours = hours; self.minutes = minutes; self.seconds = seconds; self.frames = frames; self.dropFrame = dropFrame
    }

    /// Reads `01:02:03:04` or `01:02:03;04`; nil for anything else (fields out of range included:
    /// minutes and seconds under 60, frames under 30, and no dropped frame number).
    public static func parse(_ text: Substring) -> SCCTimecode? {
        let bytes = Array(text.utf8)
        guard bytes.count == 11 else { return nil }
        func two(_ i: Int) -> Int? {
            guard (0x30...0x39).contains(bytes[i]), (0x30...0x39).contains(bytes[i + 1]) else { return nil }
            return Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30)
        }
        guard bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
              let h = two(0), let m = two(3), let s = two(6), let f = two(9), m < 60, s < 60, f < 30 else { return nil }
        let separator = bytes[8]
        let drop: Bool
        switch separator {
        case UInt8(ascii: ":"): drop = false
        case UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: ","): drop = true
        default: return nil
        }
        // Drop-frame has no frames 00 and 01 at the start of a minute that is not a tenth one.
        if drop, s == 0, f < 2, m % 10 != 0 { return nil }
        return SCCTimecode(hours: h, minutes: m, seconds: s, frames: f, dropFrame: drop)
    }

    /// The frame number counted from 00:00:00:00.
    public var frameNumber: Int {
        let label = ((hours * 60 + minutes) * 60 + seconds) * 30 + frames
        return dropFrame ? DropFrame.frame(label: label, totalMinutes: hours * 60 + minutes) : label
    }

    /// The time code naming frame `frame` (0 or more), drop-frame or not. Hours wrap past 99.
    public init(frameNumber frame: Int, dropFrame: Bool) {
        let n = dropFrame ? DropFrame.label(frame: max(0, frame)) : max(0, frame)
        self.init(hours: (n / 108_000) % 100, minutes: (n / 1800) % 60, seconds: (n / 30) % 60, frames: n % 30, dropFrame: dropFrame)
    }

    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds))\(dropFrame ? ";" : ":")\(two(frames))"
    }
}

/// Frames of a caption stream and milliseconds, both ways, at one frame rate.
public struct SCCClock: Sendable, Hashable {
    public var rate: FrameRate
    /// 30000/1001, the rate of NTSC video and of line-21 captions.
    public static let ntsc = SCCClock(rate: FrameRate(numerator: 30000, denominator: 1001)!)

    public init(rate: FrameRate) { self.rate = rate }

    /// When frame `frame` starts, in (fractional) milliseconds.
    public func milliseconds(frame: Int) -> Double {
        Double(frame) * 1000 * Double(rate.denominator) / Double(rate.numerator)
    }

    /// The first frame that starts at or after `ms` (a caption that must be on screen by `ms` has its
    /// last byte pair sent in an earlier frame).
    public func frame(atOrAfter ms: Milliseconds) -> Int {
        let exact = Double(ms) * Double(rate.numerator) / (1000 * Double(rate.denominator))
        return Int((exact - 1e-6).rounded(.up))
    }

    /// The frame on screen at `ms` (`FrameRate.frame(containing:)`): a caption that must be on screen
    /// at `ms` is shown from this frame.
    public func frame(containing ms: Milliseconds) -> Int { rate.frame(containing: ms) }
}
