import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStyles

/// `--secondary FILE`: a second caption file (any format the toolkit reads, typically a translation)
/// shown as its own block with the main captions (`SecondaryCaptions`).
enum SecondaryInput {
    /// Its captions (warnings reported); a speech-to-text tool's words are paged by the style's paging
    /// with the secondary block's lines.
    static func events(_ path: String?, style: CaptionStyle) throws -> [CaptionEvent] {
        guard let path else { return [] }
        let result = try CaptionFileReader.read(path: path, format: nil)
        try Diagnostics.report(result.diagnostics, source: path, strict: false)
        let pages = CaptionInput(result).secondaryPages(for: style)
        guard !pages.isEmpty else { throw CaptionFormatError(.malformed, "\(path): no captions in the secondary file") }
        return pages
    }
}
