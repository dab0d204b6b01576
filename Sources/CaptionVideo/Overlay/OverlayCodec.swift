import CFFmpeg

/// The codecs an overlay (captions alone over transparency) is written with, each as its editors expect:
/// - `prores`: ProRes 4444 with alpha (`prores_ks`, `yuva444p10le`) in `.mov`, what Premiere, Resolve and
///   Final Cut take as a transparent track; 10-bit BT.709 limited-range colour, straight alpha.
/// - `vp9`: VP9 with alpha (`libvpx-vp9`, `yuva420p`) in `.webm`, for the web and CapCut; the alpha is
///   VP9's side channel, which only WebM carries.
/// - `qtrle`: QuickTime Animation (`qtrle`, ARGB) in `.mov`, lossless RGB with straight alpha.
/// - `png`: a PNG sequence in a folder, numbered as `render --at A..B` numbers its frames.
public enum OverlayCodec: String, Sendable, CaseIterable {
    case prores, vp9, qtrle, png

    /// The codec a path asks for: a folder (or a path without an extension) is a PNG sequence, `.webm`
    /// VP9, `.mov` ProRes. Nil for anything else.
    public static func `default`(for path: String) -> OverlayCodec? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return .png }
        switch name[name.index(after: dot)...].lowercased() {
        case "mov": return .prores
        case "webm": return .vp9
        default: return nil
        }
    }

    /// The container extensions that can hold the codec (empty: a folder).
    public var extensions: [String] {
        switch self {
        case .prores, .qtrle: ["mov"]
        case .vp9: ["webm"]
        case .png: []
        }
    }

    var encoderName: String {
        switch self {
        case .prores: "prores_ks"
        case .vp9: "libvpx-vp9"
        case .qtrle: "qtrle"
        case .png: "png"
        }
    }

    var pixelFormat: AVPixelFormat {
        switch self {
        case .prores: AV_PIX_FMT_YUVA444P10LE
        case .vp9: AV_PIX_FMT_YUVA420P
        case .qtrle: AV_PIX_FMT_ARGB
        case .png: AV_PIX_FMT_RGBA
        }
    }

    /// Every frame stands alone: an unchanged frame's packet can be written again instead of encoded.
    var isIntraOnly: Bool { self == .prores || self == .png }

    var isYCbCr: Bool { self == .prores || self == .vp9 }
}
