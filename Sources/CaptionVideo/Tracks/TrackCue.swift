import CaptionModel

/// One decoded subtitle packet: its time span and the ASS event fields libavcodec made of it
/// (`ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`), or why it could not be decoded.
struct TrackCue {
    var start: Milliseconds
    /// nil until known: a packet without a duration ends where the next cue starts.
    var end: Milliseconds?
    var fields: String?
    var problem: String?

    /// Gives every cue without an end the next later cue's start (as players do), else the file's end,
    /// else one second after it starts.
    static func closeOpenEnds(_ cues: inout [TrackCue], fileEnd: Milliseconds?) {
        for i in cues.indices where cues[i].end == nil {
            let start = cues[i].start
            let next = cues[(i + 1)...].first { $0.start > start }?.start
            cues[i].end = next ?? fileEnd.flatMap { $0 > start ? $0 : nil } ?? start + 1000
        }
    }
}

/// One packet of a subtitle track that comes from no file (a fuzz target's): its bytes and its times in
/// the track's time base (`pts` nil: none, as a packet without a timestamp).
package struct TrackPacket: Sendable {
    package var bytes: [UInt8]
    package var pts: Int64?
    package var duration: Int64

    package init(bytes: [UInt8], pts: Int64?, duration: Int64) { self.bytes = bytes; self.pts = pts; self.duration = duration }
}
