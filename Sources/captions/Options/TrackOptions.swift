import ArgumentParser
import CaptionFormats
import CaptionVideo

/// Which subtitle track to read when the captions are a video file (MKV, MP4, MOV, TS...).
struct TrackOptions: ParsableArguments {
    /// The title of the group in every command's help.
    static let title = "Captions inside a video file"

    @Option(help: "When the captions are a video file: the subtitle track to read, by stream index (see `captions tracks`).")
    var track: Int?

    @Option(help: "When the captions are a video file: read its subtitle track in this language (ISO 639-2, e.g. eng). Default: the default track, else the first text track.")
    var language: String?

    @Option(name: .customLong("cc"), help: ArgumentHelp("The CEA-608 closed-caption channel to read: CC1 (default), CC2, CC3 or CC4, from a video's closed captions or an SCC file.", valueName: "channel"))
    var closedCaptions: ClosedCaptionChannel?

    var selection: TrackSelection { TrackSelection(index: track, language: language, closedCaptions: closedCaptions?.channel) }

}

/// `CC1`...`CC4` on the command line (`--cc`, `--channel`).
struct ClosedCaptionChannel: ExpressibleByArgument {
    let channel: CEA608Channel
    init?(argument: String) {
        guard let channel = CEA608Channel(name: argument) else { return nil }
        self.channel = channel
    }
    static var defaultCompletionKind: CompletionKind { .list(CEA608Channel.allCases.map(\.description)) }
}

/// `pop-on`, `roll-up` or `paint-on` (`--cc-mode`).
struct CEA608ModeArgument: ExpressibleByArgument {
    let mode: CEA608Mode
    init?(argument: String) {
        guard let mode = CEA608Mode(rawValue: argument.lowercased()) else { return nil }
        self.mode = mode
    }
    static var defaultCompletionKind: CompletionKind { .list(CEA608Mode.allCases.map(\.rawValue)) }
}
