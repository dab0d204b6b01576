import CaptionFormats
import CaptionModel

/// Option spellings that changed so every command says a thing one way: `--from` and `--to` are
/// formats wherever a command reads or writes captions (as in `convert`), `retime`'s range is
/// `--since`/`--until`, `sync`'s recording or reference is `--reference`. The old spellings work for
/// one more release, hidden from `--help`, each with a warning that says what to write instead
/// (CHANGELOG lists them).
enum RenamedOptions {
    /// `captions: warning: COMMAND OLD is now NEW; OLD goes in the next release` (no command for an
    /// option group several commands share).
    static func warn(_ command: String?, old: String, new: String) {
        let name = old.split(separator: " ").first.map(String.init) ?? old
        CommandFailure.printError("captions: warning: \(command.map { $0 + " " } ?? "")\(old) is now \(new); \(name) goes in the next release")
    }

    /// Whether `value` names a caption format (`srt`, `vtt`...): what tells `retime --from 00:01:00`
    /// (the old range) and `sync --to speech.mp4` (the old reference) from a format.
    static func isFormatName(_ value: String) -> Bool {
        (try? FormatRegistry.format(named: value)) != nil || (try? FormatRegistry.outputFormat(named: value)) != nil
    }
}
