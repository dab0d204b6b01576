import CaptionFormats
import CaptionModel
import CaptionRender
import Foundation

/// Writes still captions as a PGS (`.sup`) track: per caption an epoch-start display set (PCS, WDS,
/// PDS, ODS…, END) with one window and one object cropped to the caption's visible pixels, and at its
/// end a clearing display set (PCS with no objects, WDS, END), left out when the next caption starts
/// at that moment (its epoch start replaces the screen anyway).
///
/// Still pictures given with their times (tests, and callers with images of their own). The captions'
/// animated track, scheduled within the decoder model, is `PGSTrackWriter`'s; here DTS is only an
/// approximation of the model's decode time (see `decodeTicks`), which can go back after a clear (the
/// M2TS muxer raises such a DTS).
public struct PGSWriter: Sendable {
    public var width: Int
    public var height: Int
    /// The palette's colour conversion: by default BT.709 above 576 lines, BT.601 at or below.
    public var matrix: ColorMatrix
    public var quantizer = PGSQuantizer()

    public init(width: Int, height: Int, matrix: ColorMatrix? = nil) {
        self.width = width; self.height = height
        self.matrix = matrix ?? PGSPalette.matrix(videoHeight: height)
    }

    /// What the writer did that the caller may want to report.
    public struct Statistics: Sendable, Equatable {
        public var displaySets = 0
        /// Captions with more than 255 colours, reduced by median cut.
        public var quantized = 0
        /// Captions with nothing visible in their image (nothing written for them).
        public var empty = 0
    }

    /// The segments of the whole track, in file order.
    public func segments(_ captions: [PGSCaption]) throws(VideoError) -> (segments: [PGSSegment], statistics: Statistics) {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw VideoError(.usage, "PGS: the video size \(width)x\(height) cannot be written (1...65535 per side)")
        }
        let order = captions.indices.sorted { captions[$0].start < captions[$1].start }
        var segments: [PGSSegment] = []
        var statistics = Statistics()
        var number: UInt16 = 0
        var previousEnd = Int.min
        for (k, i) in order.enumerated() {
            let caption = captions[i]
            guard caption.start >= 0, caption.end > caption.start else {
                throw VideoError(.malformed, "PGS: caption \(i + 1) has times \(caption.start)...\(caption.end) ms (start must be >= 0 and before the end)")
            }
            guard caption.start >= previousEnd else {
                throw VideoError(.usage, "PGS: caption \(i + 1) starts at \(caption.start) ms before the previous one ends at \(previousEnd) ms (overlapping captions are not written yet)")
            }
            let frame = PixelRect(x: 0, y: 0, width: width, height: height)
            let placed = PixelRect(x: caption.x, y: caption.y, width: caption.image.width, height: caption.image.height)
            let visible = (caption.image.opaqueBounds.map { PixelRect(x: $0.x + caption.x, y: $0.y + caption.y, width: $0.width, height: $0.height) })?
                .intersection(frame)
            guard let area = visible, !area.isEmpty, !placed.intersection(frame).isEmpty else {
                statistics.empty += 1
                continue
            }
            let cropped = caption.image.cropped(to: PixelRect(x: area.x - caption.x, y: area.y - caption.y, width: area.width, height: area.height))
            let quantized = quantizer.quantize(cropped)
            if !quantized.exact { statistics.quantized += 1 }

            let palette = PGSPalette(entries: [PGSPalette.transparent] + quantized.colours.enumerated().map {
                PGSPalette.entry(index: UInt8($0.offset + 1), $0.element, matrix: matrix)
            })
            let object = PGSObject(id: 0, bitmap: quantized.bitmap)
            let window = PGSWindow(id: 0, rect: area)
            let pts = PGSSegment.ticks(milliseconds: caption.start)
            let dts = pts - min(pts, decodeTicks(window: area, objects: [area]))
            let composition = PGSComposition(width: width, height: height, number: number, state: .epochStart,
                                             placements: [.init(objectID: 0, windowID: 0, x: area.x, y: area.y)])
            segments.append(PGSSegment(.composition, pts: pts, dts: dts, payload: composition.payload))
            segments.append(PGSSegment(.window, pts: pts, dts: dts, payload: PGSWindow.payload([window])))
            segments.append(PGSSegment(.palette, pts: pts, dts: dts, payload: palette.payload))
            for payload in object.payloads { segments.append(PGSSegment(.object, pts: pts, dts: dts, payload: payload)) }
            segments.append(PGSSegment(.end, pts: pts, dts: dts, payload: []))
            number &+= 1
            statistics.displaySets += 1

            let next = order.dropFirst(k + 1).first.map { captions[$0].start }
            if next.map({ $0 > caption.end }) ?? true {
                let endPTS = PGSSegment.ticks(milliseconds: caption.end)
                let endDTS = endPTS - min(endPTS, decodeTicks(window: area, objects: []))
                let clear = PGSComposition(width: width, height: height, number: number, state: .normal, placements: [])
                segments.append(PGSSegment(.composition, pts: endPTS, dts: endDTS, payload: clear.payload))
                segments.append(PGSSegment(.window, pts: endPTS, dts: endDTS, payload: PGSWindow.payload([window])))
                segments.append(PGSSegment(.end, pts: endPTS, dts: endDTS, payload: []))
                number &+= 1
                statistics.displaySets += 1
            }
            previousEnd = caption.end
        }
        return (segments, statistics)
    }

    /// The whole `.sup` file's bytes.
    public func encode(_ captions: [PGSCaption]) throws(VideoError) -> (bytes: [UInt8], statistics: Statistics) {
        let (segments, statistics) = try segments(captions)
        return (PGSSegment.file(segments), statistics)
    }

    /// Writes the `.sup` to `path` through a temporary file renamed into place, never onto one of `inputs`.
    @discardableResult
    public func write(_ captions: [PGSCaption], to path: String, protecting inputs: [String] = []) throws -> Statistics {
        let (bytes, statistics) = try encode(captions)
        try OutputFile.write(Data(bytes), to: path, protecting: inputs)
        return statistics
    }

    /// The decode time before PTS, in 90 kHz ticks, from `PGSDecoderModel`: a first approximation that
    /// counts every display set as an epoch start (plane cleared, objects decoded, window drawn).
    func decodeTicks(window: PixelRect, objects: [PixelRect]) -> UInt32 {
        let work = PGSDecoderModel.Work.epochStart(objectPixels: objects.reduce(0) { $0 + $1.area }, windowPixels: window.area)
        return UInt32(PGSDecoderModel.decodeTicks(work, width: width, height: height))
    }
}
