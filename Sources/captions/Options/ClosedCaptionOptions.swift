import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles
import CaptionVideo

/// `burn --closed-captions FILE`: CEA-608 captions carried in the output video beside the burned ones,
/// so a broadcast deliverable has both.
struct ClosedCaptionOptions: ParsableArguments {
    @Option(name: .customLong("closed-captions"), help: ArgumentHelp("Also carry these captions as CEA-608 closed captions in the output's H.264 (A/53 side data; libx264 only): any caption file or video, often the file being burned.", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("With --closed-captions: the CEA-608 channel written, CC1 (default) to CC4.", valueName: "channel"))
    var channel: ClosedCaptionChannel?

    @Option(name: .customLong("cc-mode"), help: ArgumentHelp("With --closed-captions: pop-on (default), roll-up or paint-on.", valueName: "mode"))
    var mode: CEA608ModeArgument?

    func validate() throws {
        if file == nil && (channel != nil || mode != nil) {
            throw ValidationError("--channel and --cc-mode apply with --closed-captions")
        }
    }

    /// The captions to embed, or nil without `--closed-captions`. The file is read as every caption
    /// input is (a video's track with `tracks`); word timings are paged as the burned captions are
    /// (`paging`). The burner schedules them at the output's frame rate; what 608 could not carry is
    /// then in the embedder's `diagnostics`, for `report`.
    func embedder(tracks: TrackSelection, paging: PagingOptions) throws -> ClosedCaptionEmbedder? {
        guard let file else { return nil }
        let document = try CaptionRead.input(file, format: nil, track: tracks).document(paging: paging)
        return ClosedCaptionEmbedder(document, mode: mode?.mode ?? .popOn, channel: channel?.channel ?? .cc1)
    }

    /// The embedder's warnings, naming the captions file and the channel.
    func report(_ embedder: ClosedCaptionEmbedder?) throws {
        guard let embedder, let file else { return }
        try Diagnostics.report(embedder.diagnostics, source: "\(file) as CEA-608 \(channel?.channel ?? .cc1)", strict: false)
    }
}
