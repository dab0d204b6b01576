import CFFmpeg
import CaptionFormats
import CaptionModel

/// Finds the CEA-608 channels a file carries: in a video stream's ATSC A/53 side data (which only
/// decoding exposes, so the first `scanSeconds` of the video are decoded) or in an `eia_608` stream's
/// packets (QuickTime `c608`, SCC, MCC).
public enum ClosedCaptionScan {
    /// How much of a video is decoded looking for caption side data. Captions that begin later than
    /// this in a programme are not listed; a broadcast file carries its caption channels from the start.
    public static let seconds = 60
    static var scanSeconds: Int64 { Int64(seconds) }

    /// The video codecs whose streams carry A/53 captions in their pictures' user data.
    static func mayCarryCaptions(_ codec: AVCodecID) -> Bool {
        codec == AV_CODEC_ID_H264 || codec == AV_CODEC_ID_HEVC || codec == AV_CODEC_ID_MPEG2VIDEO
            || codec == AV_CODEC_ID_MPEG1VIDEO
    }

    /// The channels in the A/53 side data of the first `scanSeconds` of video stream `index`, and the
    /// damage met decoding them.
    static func channels(inVideoStream index: Int, of file: ContainerFile) throws(VideoError) -> (channels: [String], damage: DecodeDamage) {
        var found = CEA608Channels()
        let damage = try A53CaptionFrames.visit(videoStream: index, of: file, limitSeconds: scanSeconds) { ccData, _ in
            found.add(ccData: ccData)
        }
        return (found.names, damage)
    }

    /// The channels in every packet of `eia_608` stream `index`.
    static func channels(inSubtitleStream index: Int, of file: ContainerFile) throws(VideoError) -> [String] {
        let scan = try ContainerFile(path: file.path)
        guard index < scan.streamCount else { return [] }
        var found = CEA608Channels()
        // A read error ends the scan with what was found: the listing goes on regardless.
        try? scan.forEachPacket(ofStream: index) { packet in
            guard let data = packet.pointee.data else { return }
            found.add(eia608Packet: Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size))))
        }
        return found.names
    }
}
