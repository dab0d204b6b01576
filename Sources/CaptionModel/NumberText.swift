/// How the toolkit spells a number in text it makes or hands on (JSON, style messages, ASS and SRT
/// tags, a shot file's rate, a manifest's arguments): a whole value without `.0` (`25`, `-4`), anything
/// else as Swift prints it (`12.5`, `1e+300`, `nan`). Whole values from 10^15 on keep Swift's spelling
/// too: `Int(v)` traps past `Int.max` (a JSON `1e300` crashed three readers that converted it).
public enum NumberText {
    public static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
