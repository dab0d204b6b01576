import CaptionFormats
import CaptionVideo

/// How a command that decodes a video reports damage inside it (`DecodeDamage`): one warning line in
/// the toolkit's words, libavcodec's own lines only with `--verbose`, and under `--strict` a refusal
/// (exit 65). A clean video says nothing.
enum DamageReport {
    /// `--verbose`: the video decoders' own messages (a line per damaged macroblock) shown, or hidden.
    static func decoderMessages(verbose: Bool) { DecoderMessages.show(verbose) }

    /// "FILE: the video is damaged: ...; CONSEQUENCE (--strict refuses such input)", nil for a clean video.
    /// `hasStrict`: whether the command has a `--strict` to mention.
    static func warning(_ damage: DecodeDamage, of path: String, _ consequence: String, hasStrict: Bool = true) -> String? {
        damage.isEmpty ? nil : "\(path): \(damage.description); \(consequence)" + (hasStrict ? " (--strict refuses such input)" : "")
    }

    /// Prints the warning, if any, as `captions: warning: ...`.
    static func warn(_ damage: DecodeDamage, of path: String, _ consequence: String, hasStrict: Bool = true) {
        if let text = warning(damage, of: path, consequence, hasStrict: hasStrict) { CommandFailure.printError("captions: warning: \(text)") }
    }

    /// Under `strict`, a damaged video is malformed input: "FILE: the video is damaged: ...; REFUSAL (--strict)".
    static func refuse(_ damage: DecodeDamage, of path: String, strict: Bool, _ refusal: String) throws {
        guard strict, !damage.isEmpty else { return }
        throw CaptionFormatError(.malformed, "\(path): \(damage.description); \(refusal) (--strict)")
    }
}
