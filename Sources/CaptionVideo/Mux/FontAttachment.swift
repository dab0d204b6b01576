import CFFmpeg
import Foundation

/// A font file attached to a Matroska file, as mkvmerge attaches them: the file's bytes, its name and
/// a MIME type, which players (mpv, VLC, Jellyfin) hand to libass before drawing the ASS tracks.
enum FontAttachment {
    static func describe(_ stream: UnsafeMutablePointer<AVStream>, font path: String, output: String) throws(VideoError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VideoError(.unreadable, "\(path): cannot read the font to attach")
        }
        let bytes = [UInt8](data)
        let isOpenType = bytes.starts(with: Array("OTTO".utf8))
        let parameters = stream.pointee.codecpar!
        parameters.pointee.codec_type = AVMEDIA_TYPE_ATTACHMENT
        parameters.pointee.codec_id = isOpenType ? AV_CODEC_ID_OTF : AV_CODEC_ID_TTF
        try check(bytes.withUnsafeBufferPointer { cffmpeg_set_extradata(parameters, $0.baseAddress, Int32($0.count)) },
                  .cannotWrite, "\(output): cannot attach \(path)")
        av_dict_set(&stream.pointee.metadata, "filename", (path as NSString).lastPathComponent, 0)
        av_dict_set(&stream.pointee.metadata, "mimetype", isOpenType ? "font/otf" : "font/ttf", 0)
    }
}
