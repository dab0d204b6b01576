import CaptionFormats
import CaptionModel
import CaptionStyles

/// `--secondary FILE`: a second caption file (any format the toolkit reads, typically a translation)
/// shown as its own block with the main captions (`SecondaryCaptions`).
enum SecondaryInput {
    /// Its captions (warnings reported); a speech-to-text tool's words are paged by the style's paging
    /// with the secondary block's lines.
    static func events(_ path: String?, style: CaptionStyle) throws -> [CaptionEvent] {
        guard let path else { return [] }
        var result = try CaptionFileReader.read(path: path, format: nil)
        try Diagnostics.report(result.diagnostics, source: path, strict: false)
        var options = style.paging
        options.maxLines = style.secondary.lines
        result.document = CaptionPager.pages(of: result.document, wordTimed: result.wordTimedSource != nil, options: options)
        guard !result.document.events.isEmpty else { throw CaptionFormatError(.malformed, "\(path): no captions in the secondary file") }
        return result.document.events
    }
}
