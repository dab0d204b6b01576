import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles
import CaptionVideo

/// A command that reads captions and styles them: the input's format and track, the style, the paging
/// of word timings (on top of the style's paging defaults) and secondary captions. Each such command
/// declares the groups at its own level:
///
///     @OptionGroup var reading: InputOptions
///     @OptionGroup(title: TrackOptions.title) var tracks: TrackOptions
///     @OptionGroup var styleOptions: StyleOptions
///     @OptionGroup(title: PagingFlags.title) var paging: PagingFlags
///     @Option(help: .secondaryCaptions) var secondary: String?
///
/// and gets what they mean from here. Not one group holding the others: in a debug build
/// swift-argument-parser checks every option group of the command being parsed, and each group nested
/// in another is checked again per check of its parent (about four times per level); as a group of
/// groups this cost `captions render` 0.39 s of its 0.46 s start in the tests' debug build, once per
/// run of the 1,400 the tests make.
protocol StyledInputCommand {
    var reading: InputOptions { get }
    var tracks: TrackOptions { get }
    var styleOptions: StyleOptions { get }
    var paging: PagingFlags { get }
    var secondary: String? { get }
}

extension ArgumentHelp {
    /// `--secondary`'s help, the same in every `StyledInputCommand`.
    static let secondaryCaptions: ArgumentHelp = "A second caption file (a translation, say) shown as its own block with the captions, in the style's `secondary` look."
}

extension StyledInputCommand {
    /// The secondary captions, read (warnings reported) and paged for `style` (empty without --secondary).
    func secondaryEvents(for style: CaptionStyle) throws -> [CaptionEvent] { try SecondaryInput.events(secondary, style: style) }

    /// Whether a preset or a style file restyles the input (an ASS script then loses its own look).
    var restyled: Bool { styleOptions.preset != nil || styleOptions.style != nil }

    /// The style, and what draws the captions read from `input` (warnings reported): the input's own
    /// look for an ASS or SSA script with no preset, style, paging or secondary captions asked for,
    /// else its pages in the style (`CaptionInput.look`). With `alignAudio`, captions without word
    /// timings first get them from that file's speech (`AudioAlignment`).
    func load(_ input: String, alignAudio: (file: String, voice: String)? = nil) throws -> (style: CaptionStyle, look: CaptionLook) {
        let style = try styleOptions.resolve()
        reading.warnRenamed(command: nil)
        let result = try CaptionSource.read(path: input, format: reading.format, encoding: reading.encoding,
                                            track: tracks.selection)
        try Diagnostics.report(result.diagnostics, source: input, strict: false)
        var captions = CaptionInput(result)
        if captions.keepsOwnLook(restyled: restyled, overrides: paging.overrides, secondary: secondary != nil) {
            return (style, .ownScript(captions.document))
        }
        if let alignAudio, !captions.wordTimed {
            captions.document = try AudioAlignment.words(for: captions.document, from: alignAudio.file, voice: alignAudio.voice)
        }
        let drawn = captions.drawn(in: style, overrides: paging.overrides, secondary: try secondaryEvents(for: style))
        return (drawn.style, .styled(drawn))
    }
}

