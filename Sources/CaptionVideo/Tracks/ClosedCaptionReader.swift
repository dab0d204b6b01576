import CFFmpeg
import CaptionFormats
import CaptionModel

/// Reads one CEA-608 channel of a media file into the caption model with the toolkit's 608 decoder:
/// from a video stream's A/53 side data (the whole stream decoded, in presentation order) or from
/// an `eia_608` stream's packets (QuickTime `c608` samples, A/53 triplets). Each byte pair is timed
/// at its frame; a frame carrying several pairs of one field (a 25 fps picture can) spaces them one
/// caption frame (1001/30 ms) apart, as line 21 would have sent them.
enum ClosedCaptionReader {
    static func read(_ track: SubtitleTrack, channel: CEA608Channel, of file: ContainerFile) throws -> ParseResult {
        var decoder = CEA608Decoder(channel: channel)
        /// The `index`-th pair of its field among those shown at `time`.
        func feed(_ time: Milliseconds) -> (Int, Int, UInt8, UInt8) -> Void {
            { field, index, first, second in
                decoder.feed(field: field, first, second, at: time + Milliseconds((Double(index) * 1001 / 30).rounded()))
            }
        }
        var damage = DecodeDamage()
        let stream = file.stream(track.index)
        if stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            damage = try A53CaptionFrames.visit(videoStream: track.index, of: file, limitSeconds: nil) { ccData, time in
                CEA608Channels.forEachPair(ccData: ccData, feed(time))
            }
        } else {
            let timeBase = stream.pointee.time_base
            try file.forEachPacket(ofStream: track.index) { packet in
                let pts = packet.pointee.pts
                guard pts != cffmpeg_nopts_value(), let data = packet.pointee.data,
                      let time = SubtitleDecoder.milliseconds(pts, timeBase: timeBase, startMicroseconds: file.startMicroseconds) else { return }
                CEA608Channels.forEachPair(eia608Packet: Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size))), feed(time))
            }
        }
        let end = file.durationMicroseconds.flatMap(SubtitleDecoder.milliseconds(microseconds:))
        let events = decoder.finish(at: end)
        let name = "\(file.path) \(channel) (stream \(track.index))"
        guard !events.isEmpty else { throw CaptionFormatError(.malformed, "\(name) has no caption in it") }
        var result = ParseResult(document: CaptionDocument(events: events), diagnostics: decoder.diagnostics)
        if !damage.isEmpty {
            result.diagnostics.insert(.warning(line: nil, "the video is damaged (\(damage.description)); captions in the damaged frames may be lost"), at: 0)
        }
        result.formatName = "srt"
        return result
    }
}
