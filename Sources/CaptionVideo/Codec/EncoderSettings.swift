/// The video encoder: a codec (`h264` = libx264 by default, `h265`/`hevc` = libx265, or any libavcodec
/// encoder name), and the quality and speed options libx264 and libx265 share.
public struct EncoderSettings: Sendable, Equatable {
    public var codec: String
    /// Constant rate factor; nil for the default (20) on encoders that have one.
    public var crf: Int?
    /// Speed preset (ultrafast ... veryslow); nil for the default (veryfast) on encoders that have one.
    public var preset: String?
    /// The output's pixel format (a libavutil name such as `yuv420p`); nil to keep the input's where
    /// the encoder takes it (a 10-bit input stays 10-bit).
    public var pixelFormat: String?

    public init(codec: String = "h264", crf: Int? = nil, preset: String? = nil, pixelFormat: String? = nil) {
        self.codec = codec; self.crf = crf; self.preset = preset; self.pixelFormat = pixelFormat
    }

    public static let defaultCRF = 20
    public static let defaultPreset = "veryfast"

    /// The libavcodec encoder name for a `--codec` value.
    var encoderName: String {
        switch codec.lowercased() {
        case "h264", "avc", "x264": "libx264"
        case "h265", "hevc", "x265": "libx265"
        case "vp9": "libvpx-vp9"
        case "av1": "libsvtav1"
        default: codec
        }
    }
}
