import Foundation

/// ASS event text without the simple shaper's filler characters (`SimpleShaperFillers` in CaptionRender:
/// a blank character, or a letter at zero height, after a negative `\fsp`, a stepped `\fsp` in a scaled
/// word; then `\fsp0`, and after a letter the height back), so tests can read a word off an event line.
public func withoutFillers<S: StringProtocol>(_ text: S) -> String {
    String(text).replacingOccurrences(of: #"\{\\fsp-[^}]*\}[^{]"#, with: "", options: .regularExpression)
        .replacingOccurrences(of: #"\{\\fsp0(\\fscy[^}]*)?\}"#, with: "", options: .regularExpression)
}
