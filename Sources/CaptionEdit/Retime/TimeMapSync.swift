import CaptionModel

/// The checked way to make a sync map from the command line's `A=B` points (`TimeMap` itself, in
/// `CaptionModel`, trusts its points).
extension TimeMap {
    /// A sync map from `A=B` points, checked: at least one point, input times distinct, and output times
    /// in the same order as input times (otherwise captions would swap places).
    public static func sync(points: [SyncPoint]) throws(RetimeError) -> TimeMap {
        guard !points.isEmpty else { throw RetimeError("--sync needs at least one point A=B") }
        let sorted = points.sorted { $0.input < $1.input }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            if a.input == b.input { throw RetimeError("--sync: two points for the same time \(Timecode.format(a.input))") }
            if b.output <= a.output {
                throw RetimeError("--sync: \(Timecode.format(a.input))=\(Timecode.format(a.output)) and \(Timecode.format(b.input))=\(Timecode.format(b.output)) would reverse time (outputs must keep the inputs' order)")
            }
        }
        return .sync(sorted)
    }
}
