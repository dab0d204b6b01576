import CaptionFormats
import CaptionModel
import CaptionRender
import Foundation

/// Writes the captions' looks (`PGSCaptionLooks`: every change the native renderer draws, frame by
/// frame) as an animated PGS track.
///
/// - Epochs: a display set starts an epoch where captions show after a gap long enough to decode it (an
///   epoch start clears the whole plane); captions that follow each other closer stay in the epoch, which
///   is cut at the next fresh page once its looks hold `epochByteLimit`. Its one window is the union of
///   everything the epoch draws, and its one object fills the window.
/// - Within the epoch, looks are grouped in runs that share one object (`PGSPaletteRun`): the run's
///   first look sends the object, each further look only a palette. A highlight stepping from word to
///   word is a palette update; a shape that changes (a word growing) needs a new object once the
///   histories of the run's pixels no longer fit 256 palette entries.
/// - When nothing shows any more, a display set with no objects clears the screen.
/// - Every display set's decode time comes from `PGSDecoderModel`; one whose decoding would start
///   before the previous one is shown cannot be decoded in time. An update that does not fit is merged
///   into the next (the screen keeps the previous look a frame longer); an epoch start or a clear,
///   which cannot be left out, first merges the updates before it, and is shown late only when that is
///   not enough. The report counts both.
public struct PGSTrackWriter {
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// The palette's colour conversion: by default BT.709 above 576 lines, BT.601 at or below.
    public var matrix: ColorMatrix
    public var quantizer = PGSQuantizer()
    /// Looks buffered for one epoch before it is cut at the next fresh page (the window must cover the
    /// whole epoch, so its looks are kept until it ends; four times this cuts it anywhere). 32 MiB of
    /// pixels: building its runs then takes a fraction of a second, and memory stays flat.
    public var epochByteLimit = 32 << 20
    /// The colours an epoch's looks are reduced to when they have more (see `PGSSchedule.runs`).
    public var epochColours = 255

    public init(width: Int, height: Int, frameRate: FrameRate, matrix: ColorMatrix? = nil) {
        self.width = width; self.height = height; self.frameRate = frameRate
        self.matrix = matrix ?? PGSPalette.matrix(videoHeight: height)
    }

    public struct Report: Sendable, Equatable {
        public var displaySets = 0
        public var epochs = 0
        public var objectUpdates = 0
        public var paletteUpdates = 0
        public var clears = 0
        /// Looks left out because their display set could not be decoded in time (shown a frame later
        /// with the next look).
        public var merged = 0
        /// Epoch starts and clears shown later than their frame for the same reason.
        public var late = 0
        /// Epochs whose looks have more colours than the palette, reduced by median cut.
        public var quantized = 0
        public var bytes = 0

        /// What the user should hear about.
        public var warnings: [String] {
            var out: [String] = []
            if merged > 0 {
                out.append("PGS: \(merged) caption change(s) merged into the next one: the Blu-ray decoder model cannot decode them by their frame (see docs/pgs.md)")
            }
            if late > 0 { out.append("PGS: \(late) caption start(s) or end(s) shown later than their frame, for the decoder model") }
            return out
        }
    }

    /// The whole track's segments, in file order.
    public func segments(_ looks: PGSCaptionLooks) throws(VideoError) -> (segments: [PGSSegment], report: Report) {
        var segments: [PGSSegment] = []
        let report = try write(looks) { segments += $0 }
        return (segments, report)
    }

    /// Hands the track's segments to `put` in file order, a piece at a time as they become final (an
    /// epoch or a few; each piece starts with an epoch start), so that a long track is never held
    /// whole.
    public func write(_ looks: PGSCaptionLooks, into put: ([PGSSegment]) -> Void) throws(VideoError) -> Report {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw VideoError(.usage, "PGS: the video size \(width)x\(height) cannot be written (1...65535 per side)")
        }
        var schedule = PGSSchedule(width: width, height: height, frameRate: frameRate, matrix: matrix)
        var handed = 0
        func hand(_ segments: [PGSSegment]) {
            guard !segments.isEmpty else { return }
            handed += segments.reduce(0) { $0 + PGSSegment.headerSize + $1.payload.count }
            put(segments)
        }
        var epoch: [PGSCaptionLooks.Look] = []
        var epochBytes = 0
        // An epoch start clears the whole plane first: after a gap shorter than about two clears it
        // could not be decoded in time, and the epoch goes on instead (a clear, then a new object).
        let gap = 2 * PGSDecoderModel.planeClearTicks(width: width, height: height)
        var shown: Set<Int> = []
        try looks.forEachChange { (look: PGSCaptionLooks.Look) throws(VideoError) in
            if let image = look.image {
                // A long epoch is cut where a fresh page starts (its first frame is a big change anyway),
                // or anywhere once it holds four times the limit.
                let fresh = shown.isDisjoint(with: look.pages)
                if let last = epoch.last, last.image == nil && schedule.ticks(frame: look.frame) - schedule.ticks(frame: last.frame) >= gap
                    || epochBytes > epochByteLimit && fresh || epochBytes > 4 * epochByteLimit {
                    schedule.add(epoch: epoch, quantizer: quantizer, colours: epochColours)
                    hand(schedule.takeFinished())
                    epoch = []; epochBytes = 0
                }
                epoch.append(look)
                epochBytes += image.width * image.height * 4
                shown = Set(look.pages)
            } else if !epoch.isEmpty {
                epoch.append(look)
                shown = []
            }
        }
        if !epoch.isEmpty { schedule.add(epoch: epoch, quantizer: quantizer, colours: epochColours) }
        hand(schedule.segments)
        var report = schedule.report
        report.bytes = handed
        return report
    }

    /// The whole `.sup` file's bytes.
    public func encode(_ looks: PGSCaptionLooks) throws(VideoError) -> (bytes: [UInt8], report: Report) {
        let (segments, report) = try segments(looks)
        return (PGSSegment.file(segments), report)
    }

    /// Writes the `.sup` to `path` a piece at a time through a temporary file renamed into place, never
    /// onto one of `inputs`.
    @discardableResult
    public func write(_ looks: PGSCaptionLooks, to path: String, protecting inputs: [String] = []) throws -> Report {
        var report = Report()
        try OutputFile.write(to: path, protecting: inputs) { write in
            report = try self.write(looks) { write(PGSSegment.file($0)) }
        }
        return report
    }
}
