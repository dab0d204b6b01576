import CLibass
import CaptionLayout
import CaptionModel
import CaptionRender
import Foundation

/// libass as the reference renderer, set up so that the same script always draws the same pixels on
/// any machine (a reference that depended on the fonts installed would prove nothing): fonts given
/// explicitly with no font provider (`ASS_FONTPROVIDER_NONE` + `ass_add_font`), a default family and
/// font file so a missing family never renders nothing, storage size equal to the frame size, the
/// complex shaper and no hinting. Owns libass's library, renderer and track and frees them in deinit.
///
/// Not thread-safe: use one renderer per thread.
public final class LibassRenderer {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private var track: UnsafeMutablePointer<ASS_Track>?
    /// The image list of the last `renderFrame`; valid until the next render or `load`.
    private var images: UnsafeMutablePointer<ASS_Image>?
    /// What libass says the last `renderFrame` changed against the one before (`ass_render_frame`'s
    /// detect_change): 0 nothing, 1 only positions, 2 the content. 2 before the first frame.
    public private(set) var lastChange = 2
    public let width: Int
    public let height: Int

    /// libass's version (`ass_library_version`) as hex, e.g. `0x01701000`.
    public static var version: String { "0x" + String(ass_library_version(), radix: 16) }

    /// - Parameters:
    ///   - fontFiles: the only fonts libass may use, each added under its file name (libass reads the
    ///     family names from the font data; `LibassFontData` lists a full-Unicode character map first,
    ///     which libass 0.17.1 needs to find emoji in them).
    ///   - defaultFamily: the family libass uses for a family it does not have.
    ///   - defaultFont: the file behind `defaultFamily`; the first of `fontFiles` when nil.
    ///   - simpleShaping: libass's simple shaper (FriBidi only: unhinted advances, no kerning) instead of
    ///     HarfBuzz, which the toolkit matches; ffmpeg 5.1's `-vf subtitles=` always renders with it.
    public convenience init(fontFiles: [String], defaultFamily: String, defaultFont: String? = nil, width: Int, height: Int,
                            simpleShaping: Bool = false) throws(LibassError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard let firstFont = fontFiles.first else { throw .noFonts }
        // Read every font before touching libass, so a failure leaks nothing.
        var fonts: [(name: String, data: Data)] = []
        for path in fontFiles {
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { throw .unreadableFont(path: path) }
            fonts.append(((path as NSString).lastPathComponent, LibassFontData.preferringFullUnicodeMap(data)))
        }
        let defaultFont = defaultFont ?? firstFont
        guard FileManager.default.isReadableFile(atPath: defaultFont) else { throw .unreadableFont(path: defaultFont) }
        try self.init(width: width, height: height) { library in
            for font in fonts {
                // libass copies the name and the data.
                font.data.withUnsafeBytes { bytes in
                    ass_add_font(library, font.name, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
                }
            }
        }
        ass_set_storage_size(renderer, Int32(width), Int32(height))
        ass_set_shaper(renderer, simpleShaping ? ASS_SHAPING_SIMPLE : ASS_SHAPING_COMPLEX)
        ass_set_fonts(renderer, defaultFont, defaultFamily, Int32(ASS_FONTPROVIDER_NONE.rawValue), nil, 0)
    }

    /// libass as a player draws a user's own script (ffmpeg's `ass` filter, mpv): fonts from the
    /// script's `[Fonts]` section and then the system's (fontconfig), the complex shaper, no hinting,
    /// and the frame's size as the storage size (as ffmpeg's filter and mpv set it for a video: it
    /// decides how borders, shadows and blur scale in a script with `ScaledBorderAndShadow: no` drawn
    /// at another size than its PlayRes). Not deterministic across machines: the system's
    /// fonts decide what a family the script names looks like, as they do for every player.
    /// `shaping` `.simple` draws as `ffmpeg -vf subtitles=` draws the script (`TextShaping`).
    public convenience init(playerWidth width: Int, height: Int, shaping: TextShaping = .complex) throws(LibassError) {
        try self.init(width: width, height: height) { library in ass_set_extract_fonts(library, 1) }
        ass_set_storage_size(renderer, Int32(width), Int32(height))
        ass_set_shaper(renderer, shaping == .simple ? ASS_SHAPING_SIMPLE : ASS_SHAPING_COMPLEX)
        ass_set_fonts(renderer, nil, nil, Int32(ASS_FONTPROVIDER_AUTODETECT.rawValue), nil, 1)
    }

    /// libass's library (set up by `prepare` before its renderer exists) and renderer for a frame of
    /// `width` x `height`, messages through the toolkit's callback, no hinting.
    private init(width: Int, height: Int, prepare: (OpaquePointer) -> Void) throws(LibassError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard let library = ass_library_init() else { throw .initializationFailed("ass_library_init") }
        ass_set_message_cb(library, libassMessage, nil)
        prepare(library)
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw .initializationFailed("ass_renderer_init")
        }
        self.library = library
        self.renderer = renderer
        self.width = width
        self.height = height
        ass_set_frame_size(renderer, Int32(width), Int32(height))
        ass_set_hinting(renderer, ASS_HINTING_NONE)
    }

    deinit {
        if let track { ass_free_track(track) }
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// Extra space between lines in frame pixels (libass has no per-style line height). Default 0.
    public var lineSpacing: Double = 0 {
        didSet { ass_set_line_spacing(renderer, lineSpacing) }
    }

    /// Reads an ASS script (`ass_read_memory`), replacing any script loaded before.
    public func load(assText: String) throws(LibassError) {
        var bytes = Array(assText.utf8CString)
        let count = bytes.count - 1
        guard count > 0, let newTrack = bytes.withUnsafeMutableBufferPointer({ ass_read_memory(library, $0.baseAddress, count, nil) }) else {
            throw .unreadableScript
        }
        images = nil
        lastChange = 2
        if let track { ass_free_track(track) }
        track = newTrack
    }

    /// How many events the loaded script has (0 before `load`).
    public var eventCount: Int { track.map { Int($0.pointee.n_events) } ?? 0 }

    /// Renders the frame at `time` and blends it onto `image` (straight-alpha "over", the native
    /// renderer's own blend). Returns the number of libass images blended: 0 when nothing shows, or
    /// when no usable font was found (libass then draws nothing without an error).
    @discardableResult
    public func render(at time: Milliseconds, onto image: inout RGBAImage) -> Int {
        renderFrame(at: time)
        return blendFrame(onto: &image)
    }

    /// The first half of `render(at:onto:)`: libass's `ass_render_frame` alone (for timing it apart
    /// from blending). Returns the number of images; `blendFrame(onto:)` draws them.
    @discardableResult
    public func renderFrame(at time: Milliseconds) -> Int {
        guard let track else { images = nil; lastChange = 2; return 0 }
        var changed: Int32 = 0
        images = ass_render_frame(renderer, track, Int64(time), &changed)
        lastChange = Int(changed)
        var n = 0, node = images
        while let img = node?.pointee { n += 1; node = img.next }
        return n
    }

    /// Blends the images of the last `renderFrame` onto `image`; returns how many were blended.
    @discardableResult
    public func blendFrame(onto image: inout RGBAImage) -> Int {
        var n = 0, node = images
        while let img = node?.pointee {
            if img.w > 0, img.h > 0, let bitmap = img.bitmap {
                image.blend(coverage: bitmap, stride: Int(img.stride), width: Int(img.w), height: Int(img.h),
                            x: Int(img.dst_x), y: Int(img.dst_y), color: Self.color(img.color))
            }
            n += 1
            node = img.next
        }
        return n
    }

    /// libass's 0xRRGGBBTT, where TT is transparency (0 = opaque), as a straight-alpha colour: the one
    /// place this conversion happens.
    static func color(_ c: UInt32) -> RGBAColor {
        RGBAColor(red: clibass_color_red(c), green: clibass_color_green(c), blue: clibass_color_blue(c), alpha: clibass_color_alpha(c))
    }
}

/// libass's messages: warnings and errors (levels 0-2) to stderr, the chatter dropped.
private func libassMessage(_ level: Int32, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?, _: UnsafeMutableRawPointer?) {
    guard level <= 2, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    FileHandle.standardError.write(Data("[libass] \(message)\n".utf8))
}
