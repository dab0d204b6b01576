import CaptionModel

/// The frame rate an EBU STL file's time codes count, from its GSI disk format code (`STL25.01`).
///
/// Tech 3264 defines `STL25.01` and `STL30.01`; `STL24.01` and `STL50.01` are read (and written for
/// `--fps 24`/`50`) because files with them exist and ttconv reads them. `STL30.01` is counted as
/// 29.97 drop-frame, exactly as ttconv (the reference for this corpus) reads it: 00:59:59:29 is
/// frame 107,891, 3599.963 s. Counting it as plain 30 fps instead would differ by under 4 ms an hour,
/// but one convention for reading and writing keeps a round trip on the same frames.
struct STLFrameRate: Sendable, Hashable {
    /// Frames a time code's second counts (25, 30...).
    let nominal: Int
    /// Frames 0 and 1 of every minute but each tenth are skipped in the labels (29.97 drop-frame).
    let dropFrame: Bool
    /// The rate frames actually run at.
    let rate: FrameRate
    /// The GSI disk format code (`STL25.01`).
    let diskFormatCode: String

    static let pal = STLFrameRate(nominal: 25, dropFrame: false, rate: FrameRate(numerator: 25, denominator: 1)!, diskFormatCode: "STL25.01")
    static let ntsc = STLFrameRate(nominal: 30, dropFrame: true, rate: FrameRate(numerator: 30000, denominator: 1001)!, diskFormatCode: "STL30.01")
    static let film = STLFrameRate(nominal: 24, dropFrame: false, rate: FrameRate(numerator: 24, denominator: 1)!, diskFormatCode: "STL24.01")
    static let pal50 = STLFrameRate(nominal: 50, dropFrame: false, rate: FrameRate(numerator: 50, denominator: 1)!, diskFormatCode: "STL50.01")
    static let all = [pal, ntsc, film, pal50]

    /// The rate a disk format code names, nil for any other code.
    init?(diskFormatCode code: String) {
        guard let known = Self.all.first(where: { $0.diskFormatCode == code }) else { return nil }
        self = known
    }

    /// The rate a writer uses for `--fps`: 30 and 29.97 both give STL30.01 (see above). nil for a rate
    /// STL has no code for.
    init?(writing frameRate: FrameRate) {
        if frameRate == Self.ntsc.rate || frameRate.numerator == 30 && frameRate.denominator == 1 { self = .ntsc; return }
        guard let known = Self.all.first(where: { $0.rate == frameRate }) else { return nil }
        self = known
    }

    private init(nominal: Int, dropFrame: Bool, rate: FrameRate, diskFormatCode: String) {
        self.nominal = nominal; self.dropFrame = dropFrame; self.rate = rate; self.diskFormatCode = diskFormatCode
    }
}

/// A TTI block's time code: four bytes, hours, minutes, seconds and frames, each a binary number.
struct STLTimecode: Sendable, Hashable, CustomStringConvertible {
    var hours: UInt8
    var minutes: UInt8
    var seconds: UInt8
    var frames: UInt8

    init(hours: UInt8, minutes: UInt8, seconds: UInt8, frames: UInt8) {
        self.hours = hours; self.minutes = minutes; self.seconds = seconds; self.frames = frames
    }

    /// `01:02:03:04`.
    var description: String {
        [hours, minutes, seconds, frames].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    /// Whether each field is in range for `rate` (minutes and seconds under 60, frames under the
    /// nominal rate). Hours may be anything a byte holds: the time is still well defined.
    func isValid(at rate: STLFrameRate) -> Bool {
        minutes < 60 && seconds < 60 && Int(frames) < rate.nominal
    }

    /// The frame this time code labels, counted from 00:00:00:00.
    func frameNumber(at rate: STLFrameRate) -> Int {
        let totalMinutes = 60 * Int(hours) + Int(minutes)
        let label = rate.nominal * (60 * totalMinutes + Int(seconds)) + Int(frames)
        return rate.dropFrame ? DropFrame.frame(label: label, totalMinutes: totalMinutes) : label
    }

    func milliseconds(at rate: STLFrameRate) -> Milliseconds {
        rate.rate.milliseconds(frames: frameNumber(at: rate))
    }

    /// The time code of the frame nearest to `time` (negative times are frame 0; a frame past what a
    /// byte of hours holds is the last one it does).
    init(nearest time: Milliseconds, at rate: STLFrameRate) {
        let nearest = max(0, rate.rate.frame(at: max(0, time)))
        let frame = rate.dropFrame ? DropFrame.label(frame: nearest) : nearest
        let n = rate.nominal
        let hours = frame / (3600 * n)
        guard hours <= 255 else { self.init(hours: 255, minutes: 59, seconds: 59, frames: UInt8(n - 1)); return }
        self.init(hours: UInt8(hours), minutes: UInt8(frame / (60 * n) % 60), seconds: UInt8(frame / n % 60), frames: UInt8(frame % n))
    }
}
