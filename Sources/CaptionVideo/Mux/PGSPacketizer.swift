import CFFmpeg

/// A PGS track's segments as a container's packets. Both containers take a segment without the
/// `.sup` file's 13-byte header: the type byte, the 16-bit length and the payload; the times go into
/// the container's own fields.
/// - Matroska (`S_HDMV/PGS`): one block per display set, its segments back to back, at the PCS's
///   PTS. This is what mkvmerge 74 writes from a `.sup` (and ffmpeg 5.1's `-c copy`): Matroska has no
///   DTS, so the block goes at its PTS in the file, as mkvmerge places it. (mkvmerge also zlib-compresses
///   the track by default, a Matroska content encoding libavformat 5.1 cannot write; players read both.)
///   libavformat's Matroska muxer would merge segments into display sets itself (its `pgs_frame_merge`
///   filter); whole display sets pass through it unchanged.
/// - M2TS (stream type 0x90): one PES packet per segment with that segment's PTS and DTS, as Blu-ray
///   discs carry them and ffmpeg's mpegts muxer writes a `.sup` it copies; a decoder starts decoding at the DTS.
///   The DTS must not go back (libavformat refuses it, and a decoder takes segments in that order): a
///   segment whose DTS is before the one before it gets that DTS (decoded later, shown at its PTS),
///   and the display sets moved so are counted (`raised`).
enum PGSPacketizer {
    /// `offset`: the input's start on the 90 kHz clock, added to every time. `name` says which track an error is about.
    static func packets(_ track: PGSTrack, perSegment: Bool, offset: Int64,
                        name: String) throws(VideoError) -> (packets: [SubtitlePackets.Packet], raised: Int) {
        var packets: [SubtitlePackets.Packet] = []
        var raised = 0, raisedThisSet = false
        var displaySet: (pts: UInt32, bytes: [UInt8], first: Int)?
        var previous: (pts: UInt32, dts: UInt32) = (0, 0)
        for (i, segment) in track.segments.enumerated() {
            func fail(_ reason: String) -> VideoError {
                VideoError(.malformed, "\(name): segment \(i + 1) (\(segment.kind)): \(reason)")
            }
            guard segment.dts <= segment.pts else { throw fail("its DTS \(segment.dts) is after its PTS \(segment.pts)") }
            // Players show display sets in PTS order, so a PTS that goes back is the track's mistake.
            guard segment.pts >= previous.pts else {
                throw fail("its PTS \(segment.pts) is before the previous segment's PTS \(previous.pts)")
            }
            if segment.kind == .composition {
                guard displaySet == nil else { throw fail("a PCS before the END of the display set that starts at segment \(displaySet!.first + 1)") }
                displaySet = (segment.pts, [], i)
                raisedThisSet = false
            }
            guard displaySet != nil else { throw fail("outside a display set (no PCS before it)") }
            guard segment.pts == displaySet!.pts else {
                throw fail("its PTS \(segment.pts) differs from its display set's PCS PTS \(displaySet!.pts)")
            }
            // Matroska keeps no DTS; in M2TS the previous DTS is the earliest this one can be (it is
            // still at most this PTS: the previous DTS is at most the previous PTS).
            let dts = perSegment ? max(segment.dts, previous.dts) : segment.dts
            if dts != segment.dts, !raisedThisSet { raised += 1; raisedThisSet = true }
            previous = (segment.pts, dts)
            var bytes: [UInt8] = [segment.kind.rawValue]
            bytes.appendBigEndian(UInt32(segment.payload.count), bytes: 2)
            bytes += segment.payload
            if perSegment {
                packets.append(.init(bytes: bytes, pts: Int64(segment.pts) + offset, dts: Int64(dts) + offset))
            } else {
                displaySet!.bytes += bytes
            }
            if segment.kind == .end {
                if !perSegment {
                    let pts = Int64(displaySet!.pts) + offset
                    packets.append(.init(bytes: displaySet!.bytes, pts: pts, dts: pts))
                }
                displaySet = nil
            }
        }
        if let open = displaySet {
            throw VideoError(.malformed, "\(name): the display set that starts at segment \(open.first + 1) has no END segment")
        }
        return (packets, raised)
    }

    /// A copied PGS packet that holds several segments (a Matroska block holds a display set) cut into
    /// one packet per segment with its times, for M2TS; nil when it holds one segment or is not a run of
    /// whole segments (then it is copied as it is).
    static func split(_ packet: MediaPacket, path: String) throws(VideoError) -> [MediaPacket]? {
        let p = packet.pointer.pointee
        guard p.size > 0, let data = p.data else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(p.size)))
        var parts: [ArraySlice<UInt8>] = []
        var at = 0
        while at < bytes.count {
            guard bytes.count - at >= 3 else { return nil }
            let end = at + 3 + (Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]))
            guard end <= bytes.count else { return nil }
            parts.append(bytes[at..<end])
            at = end
        }
        guard parts.count > 1 else { return nil }
        var packets: [MediaPacket] = []
        for part in parts { packets.append(try MediaPacket.holding(Array(part), pts: p.pts, dts: p.dts, path: path)) }
        return packets
    }
}
