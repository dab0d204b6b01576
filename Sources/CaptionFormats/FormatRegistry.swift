import CaptionModel

/// Every format the toolkit reads and writes. Detection asks each one and fails on none; a tie is
/// broken by the file extension, then by this list's order.
public enum FormatRegistry {
    public static let formats: [any SubtitleFormat.Type] = [YouTubeSRV3Format.self, YouTubeAutoVTT.self, WebVTTFormat.self, SRTFormat.self, ASSFormat.self, CaptionJSONFormat.self, TTMLFormat.self,
                                                            SBVFormat.self, LRCFormat.self, MicroDVDFormat.self, SAMIFormat.self, SCCFormat.self, EBUSTLFormat.self]

    /// Formats that are only read, and only by name (`--from whisperx`): detection finds them through
    /// the JSON format, which parses once and asks each for its signature.
    static var namedOnly: [any SubtitleFormat.Type] { WordTimedFormats.all }

    public static var names: [String] { formats.map { $0.name } }
    /// Names `--from` accepts.
    public static var inputNames: [String] { (formats + namedOnly).map { $0.name } }
    /// Names `--to` accepts.
    public static var outputNames: [String] { formats.filter { $0.canWrite }.map { $0.name } }

    /// The format called `name` (or one of its extensions: `vtt` and `webvtt` both work).
    public static func format(named name: String) throws -> any SubtitleFormat.Type {
        let key = name.lowercased()
        if let format = (formats + namedOnly).first(where: { $0.name == key || $0.fileExtensions.contains(key) }) { return format }
        if key == "webvtt", let vtt = formats.first(where: { $0.name == "vtt" }) { return vtt }
        throw CaptionFormatError(.usage, "unknown format '\(name)'; known formats: \(inputNames.joined(separator: ", "))")
    }

    /// The format to write called `name`.
    public static func outputFormat(named name: String) throws -> any SubtitleFormat.Type {
        let format = try format(named: name)
        guard format.canWrite else {
            throw CaptionFormatError(.usage, "'\(name)' can be read but not written; write one of: \(outputNames.joined(separator: ", "))")
        }
        return format
    }

    /// The format whose extension `path` has, if any.
    public static func format(forPath path: String) -> (any SubtitleFormat.Type)? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return formats.first { $0.fileExtensions.contains(ext) && $0.canWrite }
    }

    /// The format the content is in, using the path's extension only to break ties.
    public static func detect(_ text: DecodedText, pathHint: String?) -> (any SubtitleFormat.Type)? {
        let scored = formats.map { ($0, $0.detect(text)) }.filter { $0.1 > .no }
        guard let best = scored.map(\.1).max() else { return nil }
        let candidates = scored.filter { $0.1 == best }.map(\.0)
        // A read-only format certain of its own signature refines a general one: YouTube's
        // auto-caption WebVTT is also WebVTT, but it is read as words without the rolling repeats.
        if candidates.count > 1, let refined = candidates.first(where: { !$0.canWrite }) { return refined }
        if candidates.count > 1, let hinted = pathHint.flatMap(format(forPath:)),
           candidates.contains(where: { $0.name == hinted.name }) {
            return hinted
        }
        return candidates.first
    }
}
