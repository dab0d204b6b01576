import ArgumentParser

/// The `captions` command line. Exit codes (sysexits): 0 ok, 64 usage, 65 malformed input,
/// 66 input missing or unreadable, 73 output cannot be written.
@main
struct Captions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "captions",
        abstract: "Read, convert, style and burn subtitles and karaoke captions.",
        version: BuildVersion.description,
        subcommands: [Convert.self, Retime.self, Align.self, Check.self, Render.self, Presets.self, Compare.self, Verify.self, Golden.self, Burn.self, Join.self, Overlay.self, Studio.self, Tracks.self, Mux.self, Sync.self, Shots.self]
    )
}

extension BuildVersion {
    /// What `captions --version` prints: `1.0.0 (commit 0123456789ab)`, or the version alone when the
    /// build had no git checkout (a source tarball).
    static var description: String { commit.map { "\(version) (commit \($0))" } ?? version }
}
