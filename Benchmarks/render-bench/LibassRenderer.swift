import CLibass
import CaptionModel
import CaptionRender
import Foundation

/// libass set up for deterministic output (DESIGN.md): fonts given explicitly with no font provider,
/// a default family and file so a missing family never renders nothing, storage size equal to the frame
/// size, the complex shaper and no hinting. Owns the library, renderer and track and frees them in deinit.
final class LibassRenderer {
    private let library: OpaquePointer
    private let renderer: OpaquePointer
    private let track: UnsafeMutablePointer<ASS_Track>
    let width: Int
    let height: Int

    struct SetupError: Error, CustomStringConvertible { var description: String }

    /// `fontFiles` are added to the library under their own family names; `defaultFont` and
    /// `defaultFamily` are what libass uses for a family it does not have. `lineSpacing` is the extra
    /// space between lines in frame pixels (libass has no per-style line height).
    init(script: String, width: Int, height: Int, fontFiles: [String], defaultFont: String, defaultFamily: String,
         lineSpacing: Double) throws {
        guard let library = ass_library_init() else { throw SetupError(description: "ass_library_init failed") }
        self.library = library
        // libass's messages: warnings and errors (levels 0-2) to stderr, the chatter dropped.
        ass_set_message_cb(library, { level, format, arguments, _ in
            guard level <= 2, let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            FileHandle.standardError.write(Data("[libass] \(message)\n".utf8))
        }, nil)
        for path in fontFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                ass_library_done(library)
                throw SetupError(description: "cannot read font \(path)")
            }
            // libass copies the name and the data.
            data.withUnsafeBytes { bytes in
                ass_add_font(library, (path as NSString).lastPathComponent,
                             bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            }
        }
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            throw SetupError(description: "ass_renderer_init failed")
        }
        self.renderer = renderer
        ass_set_frame_size(renderer, Int32(width), Int32(height))
        ass_set_storage_size(renderer, Int32(width), Int32(height))
        ass_set_shaper(renderer, ASS_SHAPING_COMPLEX)
        ass_set_hinting(renderer, ASS_HINTING_NONE)
        ass_set_line_spacing(renderer, lineSpacing)
        ass_set_fonts(renderer, defaultFont, defaultFamily, Int32(ASS_FONTPROVIDER_NONE.rawValue), nil, 0)

        var bytes = Array(script.utf8CString)
        let count = bytes.count - 1
        guard let track = bytes.withUnsafeMutableBufferPointer({ ass_read_memory(library, $0.baseAddress, count, nil) }) else {
            ass_renderer_done(renderer)
            ass_library_done(library)
            throw SetupError(description: "libass could not read the generated ASS")
        }
        self.track = track
        self.width = width
        self.height = height
    }

    deinit {
        ass_free_track(track)
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    var eventCount: Int { Int(track.pointee.n_events) }

    /// Renders the frame at `t` ms; returns its image list (nil: nothing drawn). The list stays
    /// valid until the next call.
    @discardableResult
    func render(at t: Milliseconds) -> UnsafeMutablePointer<ASS_Image>? {
        var changed: Int32 = 0
        return ass_render_frame(renderer, track, Int64(t), &changed)
    }

    /// Blends an image list into `image` (straight-alpha "over", 8-bit), with the same blend the native
    /// renderer uses for its own masks, so both sides pay the same per-pixel cost.
    static func blend(_ list: UnsafeMutablePointer<ASS_Image>?, onto image: inout RGBAImage) {
        var node = list
        while let img = node?.pointee {
            if img.w > 0, img.h > 0, let bitmap = img.bitmap {
                let c = img.color
                let color = RGBAColor(red: clibass_color_red(c), green: clibass_color_green(c),
                                      blue: clibass_color_blue(c), alpha: clibass_color_alpha(c))
                image.blend(coverage: bitmap, stride: Int(img.stride), width: Int(img.w), height: Int(img.h),
                            x: Int(img.dst_x), y: Int(img.dst_y), color: color)
            }
            node = img.next
        }
    }

    static func count(_ list: UnsafeMutablePointer<ASS_Image>?) -> Int {
        var n = 0, node = list
        while let img = node?.pointee { n += 1; node = img.next }
        return n
    }
}
