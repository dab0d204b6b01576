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
        let pairSpacing = 1001.0 / 30
        var damage = DecodeDamage()
        /// Feeds A/53 `cc_data` triplets (`marker/valid/type`, then the pair) shown at `time`.
        func feed(ccData bytes: UnsafeBufferPointer<UInt8>, at time: Milliseconds) {
            var counts = [0, 0]
            var i = 0
            while i + 2 < bytes.count {
                let header = bytes[i]
                defer { i += 3 }
                guard header & 0x04 != 0, header & 0x03 < 2 else { continue } // valid 608 fields only
                let field = Int(header & 0x03) + 1
                let at = time + Milliseconds((Double(counts[field - 1]) * pairSpacing).rounded())
                counts[field - 1] += 1
                decoder.feed(field: field, bytes[i + 1], bytes[i + 2], at: at)
            }
        }
        let stream = file.stream(track.index)
        if stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            damage = try A53CaptionFrames.visit(videoStream: track.index, of: file, limitSeconds: nil) { feed(ccData: $0, at: $1) }
        } else {
            try readPackets(of: track.index, in: file) { bytes, time in
                if CEA608Channels.isQuickTimeSample(bytes) {
                    CEA608Channels.forEachPair(quickTimeSample: bytes) { field, k, first, second in
                        decoder.feed(field: field, first, second, at: time + Milliseconds((Double(k) * pairSpacing).rounded()))
                    }
                } else {
                    bytes.withUnsafeBufferPointer { feed(ccData: $0, at: time) }
                }
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

    /// Every packet of stream `index`, with its time in ms from the container's start.
    private static func readPackets(of index: Int, in file: ContainerFile, _ body: ([UInt8], Milliseconds) -> Void) throws {
        let stream = file.stream(index)
        file.discardAll(but: index)
        let timeBase = stream.pointee.time_base
        let packet = MediaPacket()
        while true {
            let status = av_read_frame(file.context, packet.pointer)
            if status == averrorEOF { break }
            try check(status, .malformedInput, "\(file.path) is damaged or truncated")
            defer { av_packet_unref(packet.pointer) }
            guard packet.streamIndex == index, let data = packet.pointer.pointee.data else { continue }
            let pts = packet.pointer.pointee.pts
            guard pts != cffmpeg_nopts_value() else { continue }
            let micro = av_rescale_q(pts, timeBase, AVRational(num: 1, den: 1_000_000))
            let (fromStart, overflow) = micro.subtractingReportingOverflow(file.startMicroseconds)
            guard !overflow, let at = SubtitleDecoder.milliseconds(microseconds: fromStart) else { continue }
            body(Array(UnsafeBufferPointer(start: data, count: Int(packet.pointer.pointee.size))), at)
        }
    }
}
