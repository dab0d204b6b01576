import ArgumentParser
import CaptionVideo

/// Which subtitle track to read when the captions are a video file (MKV, MP4, MOV, TS...).
struct TrackOptions: ParsableArguments {
    @Option(help: "When the captions are a video file: the subtitle track to read, by stream index (see `captions tracks`).")
    var track: Int?

    @Option(help: "When the captions are a video file: read its subtitle track in this language (ISO 639-2, e.g. eng). Default: the default track, else the first text track.")
    var language: String?

    var selection: TrackSelection { TrackSelection(index: track, language: language) }
}
