import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo

/// What every command that styles captions shares: the input's format, the style, and the paging of
/// word timings (on top of the style's paging defaults).
struct StyledInputOptions: ParsableArguments {
    @Option(help: "Input format, overriding detection.")
    var from: String?

    @OptionGroup(title: "Captions inside a video file")
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: "Paging (grouping words into captions)")
    var paging: PagingFlags

    @Option(help: "A second caption file (a translation, say) shown as its own block with the captions, in the style's `secondary` look.")
    var secondary: String?

    /// The document of an ASS or SSA input that keeps its own look (no `--preset`, `--style`, paging
    /// flag or `--secondary`): drawn as its script says, by libass, in every drawing command. Nil for
    /// any other input, which the style draws.
    func ownScript(_ document: CaptionDocument) -> CaptionDocument? {
        ASSScriptLayers.ownScript(document, styled: styleOptions.preset != nil || styleOptions.style != nil, paged: paging.isSet, secondary: secondary != nil)
    }

    /// The secondary captions, read (empty without --secondary).
    func secondaryEvents(for style: CaptionStyle) throws -> [CaptionEvent] { try SecondaryInput.events(secondary, style: style) }

    /// The style, and the captions read from `input` (warnings reported), paged when they are a
    /// speech-to-text tool's words or when a paging flag was given, and prepared for the style
    /// (`StyledPages.prepare`). With `alignAudio`, captions without word timings first get them from
    /// that file's speech (`AudioAlignment`).
    ///
    /// An ASS or SSA input with no preset, style, paging or secondary captions asked for keeps its own
    /// look: its document comes back as read (`ownScript` then gives it to libass).
    func load(_ input: String, alignAudio: (file: String, voice: String)? = nil) throws -> (style: CaptionStyle, document: CaptionDocument) {
        let style = try styleOptions.resolve()
        var result = try CaptionSource.read(path: input, format: from, track: tracks.selection)
        try Diagnostics.report(result.diagnostics, source: input, strict: false)
        if ownScript(result.document) != nil { return (style, result.document) }
        if let alignAudio, result.wordTimedSource == nil {
            result.document = try AudioAlignment.words(for: result.document, from: alignAudio.file, voice: alignAudio.voice)
        }
        result.document = CaptionPager.pages(of: result.document, wordTimed: result.wordTimedSource != nil, asked: paging.isSet,
                                             options: paging.options(base: style.paging))
        let prepared = StyledPages.prepare(result.document.events, style: style, secondary: try secondaryEvents(for: style),
                                           stylesheets: result.document.stylesheets)
        result.document.events = prepared.pages
        return (prepared.style, result.document)
    }
}
