import CaptionModel
import Foundation

/// The small pieces of ASS syntax the compiler writes: numbers, colours, clock times, event lines.
/// (Reading and general ASS writing live in CaptionFormats; this is only what the compiler needs.)
enum ASSSyntax {
    /// Numbers as ASS expects them: integers bare, others with two decimals.
    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }

    /// `&HAABBGGRR` for style rows, where AA is transparency (255 − alpha): the one place alpha turns
    /// into ASS transparency, with `transparency(_:)` below.
    static func styleColor(_ c: RGBAColor) -> String {
        String(format: "&H%02X%02X%02X%02X", 255 - Int(c.alpha), Int(c.blue), Int(c.green), Int(c.red))
    }

    /// `&HBBGGRR&` for `\1c`-`\4c` override tags.
    static func tagColor(_ c: RGBAColor) -> String {
        String(format: "&H%02X%02X%02X&", Int(c.blue), Int(c.green), Int(c.red))
    }

    /// `&HTT&` for `\alpha` and `\1a`-`\4a`: TT = 255 − alpha.
    static func transparency(_ alpha: UInt8) -> String { String(format: "&H%02X&", 255 - Int(alpha)) }

    /// Absolute milliseconds to ASS centiseconds, rounded to nearest. Every boundary is rounded from its
    /// absolute time on its own, so rounding never accumulates and adjacent events neither overlap nor gap.
    static func centiseconds(_ ms: Milliseconds) -> Int { (max(ms, 0) + 5) / 10 }

    /// `H:MM:SS.CC`.
    static func clock(centiseconds cs: Int) -> String {
        String(format: "%d:%02d:%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
    }

    static func dialogue(layer: Int, from: Int, to: Int, text: String) -> String {
        "Dialogue: \(layer),\(clock(centiseconds: from)),\(clock(centiseconds: to)),Default,,0,0,0,,\(text)"
    }

    /// Text that must not be read as tags or escapes: `{`/`}` become parentheses, a backslash a look-alike.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\u{29F5}").replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
    }
}

/// One event before it is written: a layer, a time span in centiseconds, and its text with tags.
struct ASSEvent: Hashable {
    var layer: Int
    var from: Int
    var to: Int
    var text: String

    var line: String { ASSSyntax.dialogue(layer: layer, from: from, to: to, text: text) }
}
