import CaptionLayout
import CaptionFormats
import CaptionModel
import Foundation

/// The small pieces of ASS syntax the compiler writes: numbers, colours, clock times, event lines.
/// Colours and times come from CaptionFormats' ASS code, so they are converted in one place.
enum ASSSyntax {
    /// Numbers as ASS expects them: integers bare, others with up to seven decimals, enough to carry
    /// a position on libass's 1/64 px grid, or a centre between two of its points, exactly (the layout
    /// puts lines and words on that grid).
    static func number(_ v: Double) -> String { ASSNumber.text(v) }

    /// `&HAABBGGRR` for style rows (AA = 255 − alpha).
    static func styleColor(_ c: RGBAColor) -> String { ASSColor.string(c) }

    /// `&HBBGGRR&` for `\1c`-`\4c` override tags.
    static func tagColor(_ c: RGBAColor) -> String { ASSColor.string(c, inline: true) }

    /// `&HTT&` for `\alpha` and `\1a`-`\4a`: TT = 255 − alpha.
    static func transparency(_ alpha: UInt8) -> String { ASSColor.transparency(alpha: alpha) }

    /// Absolute milliseconds to ASS centiseconds (see `ASSTime`: rounding never accumulates).
    static func centiseconds(_ ms: Milliseconds) -> Int { ASSTime.centiseconds(ms) }

    /// `H:MM:SS.CC`.
    static func clock(centiseconds cs: Int) -> String { ASSTime.clock(centiseconds: cs) }

    static func dialogue(layer: Int, from: Int, to: Int, style: String, text: String) -> String {
        "Dialogue: \(layer),\(clock(centiseconds: from)),\(clock(centiseconds: to)),\(style),,0,0,0,,\(text)"
    }
}

/// One event before it is written: a layer, a time span in centiseconds, and its text with tags.
struct ASSEvent: Hashable {
    var layer: Int
    var from: Int
    var to: Int
    var text: String
    /// The word the event draws, if one: a page's events are written in word order (see `ASSCompiler`).
    var word: Int? = nil
    /// An underline or strikeout bar of `word` (`DecorationBars`): written after the word's other events.
    var bar = false

    func line(style: String) -> String { ASSSyntax.dialogue(layer: layer, from: from, to: to, style: style, text: text) }
}
