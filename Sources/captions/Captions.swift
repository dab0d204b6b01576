import ArgumentParser

/// The `captions` command line. Exit codes (sysexits): 0 ok, 64 usage, 65 malformed input,
/// 66 input missing or unreadable, 73 output cannot be written.
@main
struct Captions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Read, convert, style and burn subtitles and karaoke captions.",
        subcommands: [Convert.self, Retime.self, Align.self, Check.self, Render.self, Presets.self, Compare.self, Verify.self, Golden.self, Burn.self, Join.self, Overlay.self, Studio.self]
    )
}
