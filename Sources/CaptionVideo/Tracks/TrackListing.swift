import CFFmpeg

/// The subtitle tracks of a media file (`captions tracks`): its subtitle streams, and the CEA-608
/// channels found in its video streams' A/53 side data.
public enum SubtitleTracks {
    /// A file's tracks, and the damage met decoding its video while looking for closed captions.
    public struct Listing: Sendable {
        public var tracks: [SubtitleTrack] = []
        public var damage = DecodeDamage()
    }

    /// Every subtitle track of `path`, in stream order; closed captions in a video stream come under
    /// that stream's index, one entry per channel present.
    public static func list(_ path: String) throws(VideoError) -> Listing {
        let file = try ContainerFile(path: path)
        return try list(file)
    }

    /// `closedCaptions` false: CEA-608 is not looked for (which decodes up to `ClosedCaptionScan.seconds`
    /// of each video stream and reads every packet of an `eia_608` stream); such a stream is listed
    /// once, without its channels.
    static func list(_ file: ContainerFile, closedCaptions: Bool = true) throws(VideoError) -> Listing {
        var listing = Listing()
        for index in 0..<file.streamCount {
            let stream = file.stream(index)
            let parameters = stream.pointee.codecpar.pointee
            switch parameters.codec_type {
            case AVMEDIA_TYPE_SUBTITLE:
                let kind = kind(of: parameters.codec_id)
                var track = described(stream, kind: kind)
                if closedCaptions, parameters.codec_id == AV_CODEC_ID_EIA_608 {
                    let channels = try ClosedCaptionScan.channels(inSubtitleStream: index, of: file)
                    if !channels.isEmpty {
                        listing.tracks += channels.map { channel in track.channel = channel; return track }
                        continue
                    }
                }
                listing.tracks.append(track)
            case AVMEDIA_TYPE_VIDEO where closedCaptions && ClosedCaptionScan.mayCarryCaptions(parameters.codec_id)
                && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0:
                let scan = try ClosedCaptionScan.channels(inVideoStream: index, of: file)
                for channel in scan.channels {
                    listing.tracks.append(SubtitleTrack(index: index, kind: .closedCaptions, codec: "eia_608", channel: channel))
                }
                listing.damage.merge(scan.damage)
            default:
                continue
            }
        }
        return listing
    }

    /// Text, bitmap or closed captions, from libavcodec's description of the codec; unknown when it has none.
    static func kind(of codec: AVCodecID) -> SubtitleTrack.Kind {
        if codec == AV_CODEC_ID_EIA_608 { return .closedCaptions }
        guard let descriptor = avcodec_descriptor_get(codec) else { return .unknown }
        return descriptor.pointee.props & Int32(AV_CODEC_PROP_BITMAP_SUB) != 0 ? .bitmap : .text
    }

    /// The codec's name as ffprobe gives it: libavcodec's, or `unknown` for a codec it does not know
    /// (where `avcodec_get_name` would say `none`).
    static func codecName(_ codec: AVCodecID) -> String {
        avcodec_descriptor_get(codec).map { String(cString: $0.pointee.name) } ?? "unknown"
    }

    /// A subtitle stream's codec name, language, title and flags, as ffprobe shows them.
    static func described(_ stream: UnsafeMutablePointer<AVStream>, kind: SubtitleTrack.Kind) -> SubtitleTrack {
        func tag(_ key: String) -> String? { StreamCopy.tag(stream, key).flatMap { $0.isEmpty ? nil : $0 } }
        let language = tag("language").flatMap { $0.lowercased() == "und" ? nil : $0 }
        let disposition = stream.pointee.disposition
        return SubtitleTrack(index: Int(stream.pointee.index), kind: kind,
                             codec: codecName(stream.pointee.codecpar.pointee.codec_id),
                             language: language, title: tag("title") ?? tag("handler_name").flatMap(ownHandlerName),
                             isDefault: disposition & AV_DISPOSITION_DEFAULT != 0,
                             isForced: disposition & AV_DISPOSITION_FORCED != 0)
    }

    /// An MP4 track's title is its handler name (what `mux --title` writes), unless the name is a
    /// muxer's generic one (`SubtitleHandler`, `Core Media Text`).
    static func ownHandlerName(_ name: String) -> String? {
        name.hasSuffix("Handler") || name.hasPrefix("Core Media") || name.hasPrefix("Apple") ? nil : name
    }

    /// Every stream of the file in one line each (`0 video h264`, `2 subtitle subrip eng`), for the
    /// message when `--track` names a stream that is not a subtitle track.
    static func streamSummaries(_ file: ContainerFile) -> [String] {
        (0..<file.streamCount).map { streamSummary(file.stream($0)) }
    }
}

extension SubtitleTracks {
    /// `3 subtitle subrip`: one stream in a message.
    static func streamSummary(_ stream: UnsafeMutablePointer<AVStream>) -> String {
        let parameters = stream.pointee.codecpar.pointee
        let type = av_get_media_type_string(parameters.codec_type).map { String(cString: $0) } ?? "data"
        return "\(stream.pointee.index) \(type) \(codecName(parameters.codec_id))"
    }
}
