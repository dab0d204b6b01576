import CFFmpeg

/// Whether libavcodec's video and subtitle decoders print their own messages on stderr: h264 prints a
/// line per damaged macroblock ("[h264 @ 0x...] error while decoding MB 3 1"), hundreds for a damaged
/// file; a subtitle decoder one per packet it refuses ("Invalid UTF-8 in decoded subtitles text"),
/// which the track reader reports as a warning of its own.
/// Hidden by default, since the toolkit counts that damage itself (`DecodeDamage`) and says so in one
/// line; shown for `--verbose`. Other libav messages (encoders, muxers, fatal errors) are untouched.
///
/// libav has one log callback per process: the first video decoder opened installs the filtering one,
/// replacing any callback a program using CaptionKit installed before.
public enum DecoderMessages {
    /// Installs the filtering callback once, before the first decoder or the first `show`.
    private static let hiddenByDefault: Void = cffmpeg_show_video_decoder_messages(0)

    /// Shows (`--verbose`) or hides the decoders' messages from now on.
    public static func show(_ shown: Bool) {
        _ = hiddenByDefault
        cffmpeg_show_video_decoder_messages(shown ? 1 : 0)
    }

    /// Called before decoding: the default applies unless `show` decided otherwise.
    static func prepare() { _ = hiddenByDefault }
}
