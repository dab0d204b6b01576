import CaptionExpectations
import Testing
import CLibass
import CFFmpeg
import CFreeType
import CHarfBuzz
import CFriBidi
import CFontconfig
import CPNG
import CTesseract
import CHunspell
import CLazyLibraries

/// Each C module links, and its shim helpers give the values the C macros define.
/// The versions are those Debian 12 ships, which the golden frames and the libass comparisons were
/// recorded with (docs/install.md): a different machine fails here first.
@Suite struct SystemLibraryTests {
    @Test func libassLinksAndIsAtLeast017() {
        expectTrue(ass_library_version() >= 0x0170_0000)
        expectEqual(clibass_color_alpha(0xFFFF_FF00), 255)
        expectEqual(clibass_color_red(0x1122_3300), 0x11)
    }

    @Test func ffmpegLinksAndMacrosMatch() {
        expectTrue(avcodec_version() >> 16 >= 59)
        expectTrue(avformat_version() >> 16 >= 59)
        expectTrue(swscale_version() >> 16 >= 6)
        expectTrue(swresample_version() >> 16 >= 4)
        expectEqual(cffmpeg_averror(EAGAIN), -EAGAIN)
        expectTrue(cffmpeg_averror_eof() < 0)
        expectEqual(cffmpeg_nopts_value(), Int64.min)
        var buffer = [CChar](repeating: 0, count: 128)
        let message = String(cString: cffmpeg_err2str(cffmpeg_averror_eof(), &buffer, buffer.count))
        expectEqual(message, "End of file")
    }

    /// A library the stand-ins cannot open is named with the Debian package that has it (the message
    /// they print before exiting 69), and the libraries CaptionKit opens on first use are all there.
    @Test func lazyLibrariesLoadOrNameTheirPackage() {
        var buffer = [CChar](repeating: 0, count: 512)
        expectEqual(ck_lazy_library_check("libavformat.so.59", &buffer, buffer.count), 1)
        expectEqual(ck_lazy_library_check("libtesseract.so.5", &buffer, buffer.count), 1)
        expectEqual(ck_lazy_library_check("libespeak-ng.so.1", &buffer, buffer.count), 1)
        expectEqual(ck_lazy_library_check("libpocketsphinx.so.3", &buffer, buffer.count), 1)
        expectEqual(ck_lazy_library_check("libsphinxbase.so.3", &buffer, buffer.count), 1)
        expectEqual(ck_lazy_library_check("libcaptionkit-absent.so.3", &buffer, buffer.count), 0)
        let message = Self.text(buffer)
        expectTrue(message.hasPrefix("cannot load libcaptionkit-absent.so.3, which this command needs ("))
        expectTrue(message.hasSuffix("); on Debian: apt-get install libcaptionkit-absent3"))
        expectEqual(ck_lazy_library_check("libabsent2.so.1", &buffer, buffer.count), 0)
        expectTrue(Self.text(buffer).hasSuffix("apt-get install libabsent2-1"))
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func freetypeInitialisesAndLoadTargetsDiffer() {
        var library: FT_Library?
        expectEqual(FT_Init_FreeType(&library), 0)
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        expectTrue(major == 2 && minor >= 12)
        FT_Done_FreeType(library)
        expectTrue(cfreetype_load_target_light() != cfreetype_load_target_normal())
        expectTrue(cfreetype_load_target_mono() != cfreetype_load_target_light())
    }

    @Test func harfbuzzTagIsBigEndianFourCC() {
        expectEqual(charfbuzz_tag(0x6B, 0x65, 0x72, 0x6E), 0x6B65_726E) // "kern"
        expectTrue(hb_version_atleast(6, 0, 0) != 0)
        expectTrue(charfbuzz_direction_is_backward(charfbuzz_direction_rtl()) != 0)
    }

    @Test func fribidiReordersHebrew() {
        // "abc" followed by three Hebrew letters: the Hebrew run is right-to-left.
        var text: [FriBidiChar] = [0x61, 0x62, 0x63, 0x20, 0x05D0, 0x05D1, 0x05D2]
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: text.count)
        var levels = [FriBidiLevel](repeating: 0, count: text.count)
        var direction = cfribidi_par_on()
        fribidi_get_bidi_types(&text, FriBidiStrIndex(text.count), &types)
        let maxLevel = fribidi_get_par_embedding_levels_ex(&types, nil, FriBidiStrIndex(text.count), &direction, &levels)
        expectEqual(maxLevel, 2)
        expectTrue(cfribidi_level_is_rtl(levels[5]) != 0)
        expectEqual(cfribidi_level_is_rtl(levels[0]), 0)
    }

    @Test func fontconfigFindsDejaVuSans() throws {
        expectTrue(FcInit() != 0)
        expectTrue(cfontconfig_version() >= 21400)
        let pattern = try #require(FcNameParse("DejaVu Sans:weight=bold"))
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        let match = try #require(FcFontMatch(nil, pattern, &result))
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        expectEqual(FcPatternGetString(match, cfontconfig_file(), 0, &file), FcResultMatch)
        let path = String(cString: try #require(file))
        expectTrue(path.hasSuffix("DejaVuSans-Bold.ttf"), "matched \(path)")
    }

    @Test func libpngRoundTripsOnePixel() {
        var image = png_image()
        image.version = cpng_image_version()
        image.width = 1
        image.height = 1
        image.format = cpng_format_rgba()
        var pixel: [UInt8] = [10, 20, 30, 40]
        var size: Int = 0
        expectTrue(png_image_write_to_memory(&image, nil, &size, 0, &pixel, 0, nil) != 0)
        var encoded = [UInt8](repeating: 0, count: size)
        expectTrue(png_image_write_to_memory(&image, &encoded, &size, 0, &pixel, 0, nil) != 0)
        expectEqual(cpng_image_failed(&image), 0)
        var decodedImage = png_image()
        decodedImage.version = cpng_image_version()
        expectTrue(png_image_begin_read_from_memory(&decodedImage, encoded, size) != 0)
        decodedImage.format = cpng_format_rgba()
        var decoded = [UInt8](repeating: 0, count: 4)
        expectTrue(png_image_finish_read(&decodedImage, nil, &decoded, 0, nil) != 0)
        expectEqual(decoded, pixel)
    }

    @Test func tesseractIsAtLeast5AndLoadsTheEnglishModel() throws {
        let version = String(cString: TessVersion())
        expectTrue((Int(version.prefix { $0.isNumber }) ?? 0) >= 5, "\(version)")
        let api = try #require(TessBaseAPICreate())
        defer { TessBaseAPIEnd(api); TessBaseAPIDelete(api) }
        expectEqual(TessBaseAPIInit3(api, nil, "eng"), 0, "tesseract-ocr-eng is installed by make deps")
    }

    @Test func hunspellLoadsTheUSEnglishDictionary() throws {
        let handle = try #require(Hunspell_create("/usr/share/hunspell/en_US.aff", "/usr/share/hunspell/en_US.dic"))
        defer { Hunspell_destroy(handle) }
        expectTrue(Hunspell_spell(handle, "hello") != 0 && Hunspell_spell(handle, "1st") != 0)
        expectTrue(Hunspell_spell(handle, "helo") == 0 && Hunspell_spell(handle, "Ist") == 0)
    }
}
