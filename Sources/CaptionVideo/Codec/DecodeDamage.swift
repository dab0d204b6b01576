import CaptionModel
import Foundation

/// Damage a video decoder met inside a video and decoded past, as ffmpeg does without `-xerror`:
/// frames it had to conceal (guessing the macroblocks it could not read) and packets it could not
/// decode at all (their frames are missing), with where they are. A clean video has none.
public struct DecodeDamage: Sendable, Equatable {
    /// Frames shown with concealed macroblocks (libavcodec's `decode_error_flags`) or marked corrupt.
    public private(set) var concealedFrames = 0
    /// Packets the decoder refused (`AVERROR_INVALIDDATA` and the like).
    public private(set) var refusedPackets = 0
    /// Where the damage is, in ms on the input's clock: sorted, and merged where ranges touch or overlap
    /// (a frame's range runs from its start to the next frame's, so neighbouring frames make one range).
    public private(set) var ranges: [ClosedRange<Milliseconds>] = []

    public init() {}

    public var isEmpty: Bool { concealedFrames == 0 && refusedPackets == 0 }

    /// Adds concealed frames and refused packets found in `range`.
    public mutating func record(frames: Int = 0, packets: Int = 0, in range: ClosedRange<Milliseconds>) {
        concealedFrames += frames
        refusedPackets += packets
        // Damage arrives in decoding order, nearly sorted: find the place from the end.
        var i = ranges.endIndex
        while i > ranges.startIndex, ranges[i - 1].lowerBound > range.lowerBound { i -= 1 }
        ranges.insert(range, at: i)
        // The ranges were disjoint: only the new one can join the one before it and those after it.
        let k = i > ranges.startIndex && ranges[i - 1].upperBound >= range.lowerBound ? i - 1 : i
        while k + 1 < ranges.endIndex, ranges[k + 1].lowerBound <= ranges[k].upperBound {
            ranges[k] = ranges[k].lowerBound...max(ranges[k].upperBound, ranges[k + 1].upperBound)
            ranges.remove(at: k + 1)
        }
    }

    /// Adds another decode's damage (a second video stream of the same file).
    public mutating func merge(_ other: DecodeDamage) {
        concealedFrames += other.concealedFrames
        refusedPackets += other.refusedPackets
        for range in other.ranges { record(in: range) }
    }

    /// How many ranges `description` lists before saying how many more there are: one warning line
    /// stays readable however damaged the video is.
    static let listedRanges = 5

    /// One sentence: "the video is damaged: 14 frames concealed in 0:01.200–0:01.680 and 0:03.000–0:03.040".
    public var description: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var what: [String] = []
        if concealedFrames > 0 { what.append(count(concealedFrames, "frame") + " concealed") }
        if refusedPackets > 0 { what.append(count(refusedPackets, "packet") + " undecodable") }
        guard !what.isEmpty else { return "the video decodes without damage" }
        var places = ranges.prefix(Self.listedRanges).map { range in
            range.lowerBound == range.upperBound ? Self.clock(range.lowerBound) : "\(Self.clock(range.lowerBound))–\(Self.clock(range.upperBound))"
        }
        if ranges.count > Self.listedRanges {
            places.append(count(ranges.count - Self.listedRanges, "more range") + " up to \(Self.clock(ranges[ranges.count - 1].upperBound))")
        }
        let list = places.count > 1 ? places.dropLast().joined(separator: ", ") + " and " + places.last! : places.joined()
        return "the video is damaged: " + what.joined(separator: " and ") + " in " + list
    }

    /// `0:01.200`, `1:02:03.450`: minutes and seconds, hours only when there are some.
    static func clock(_ ms: Milliseconds) -> String {
        let v = abs(ms), sign = ms < 0 ? "-" : ""
        return sign + (v >= 3_600_000
            ? String(format: "%d:%02d:%02d.%03d", v / 3_600_000, v / 60_000 % 60, v / 1000 % 60, v % 1000)
            : String(format: "%d:%02d.%03d", v / 60_000, v / 1000 % 60, v % 1000))
    }
}
