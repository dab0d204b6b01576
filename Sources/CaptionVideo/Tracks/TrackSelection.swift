import CaptionFormats

/// Which subtitle track of a video file a command reads: `--track N` (a stream index), `--language
/// LANG`, `--cc CCn` (a closed-caption channel), else the default text track, else the first text
/// track, else the first closed-caption channel.
public struct TrackSelection: Sendable, Hashable {
    public var index: Int?
    public var language: String?
    /// `--cc CC1`: the CEA-608 channel to read, from a video's closed captions or an SCC file.
    public var closedCaptions: CEA608Channel?

    public init(index: Int? = nil, language: String? = nil, closedCaptions: CEA608Channel? = nil) {
        self.index = index; self.language = language; self.closedCaptions = closedCaptions
    }

    /// Whether the user named a track (then even a file that looks like a caption file is opened as a
    /// container). A channel alone does not: it also picks the channel of an SCC file.
    public var isSet: Bool { index != nil || language != nil }

    /// Whether two language tags name the same language, whatever form each is in (`LanguageCode`):
    /// `--language eng` finds a track tagged `en`, `fre` finds `fra`.
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        LanguageCode.terminological(a) == LanguageCode.terminological(b)
    }

    /// The track chosen from `tracks` of `path`. Naming a stream that is not a subtitle track, or a
    /// language no track has, is a usage error (64) listing what the file has; a file with no
    /// subtitle track, or a chosen track the toolkit cannot read as text, is malformed input (65).
    func choose(from tracks: [SubtitleTrack], path: String, streams: [String]) throws(VideoError) -> SubtitleTrack {
        let listed = tracks.map(\.summary).joined(separator: "; ")
        guard !tracks.isEmpty else {
            if let index {
                throw VideoError(.usage, "\(path): stream \(index) is not a subtitle track, and the file has none (its streams: \(streams.joined(separator: "; ")))")
            }
            throw VideoError(.malformed, "\(path) has no subtitle track (its streams: \(streams.joined(separator: "; ")))")
        }
        var candidates = tracks
        if let index {
            candidates = candidates.filter { $0.index == index }
            guard !candidates.isEmpty else {
                throw VideoError(.usage, "\(path): stream \(index) is not a subtitle track; its subtitle tracks: \(listed)")
            }
        }
        if let language {
            candidates = candidates.filter { $0.language.map { Self.sameLanguage($0, language) } ?? false }
            guard !candidates.isEmpty else {
                throw VideoError(.usage, "\(path): no subtitle track\(index.map { " \($0)" } ?? "") in language '\(language)'; its subtitle tracks: \(listed)")
            }
        }
        if let closedCaptions {
            let channel = closedCaptions.description
            guard let chosen = candidates.first(where: { $0.kind == .closedCaptions && $0.channel == channel }) else {
                throw VideoError(.usage, "\(path): no \(channel) closed captions\(index.map { " in stream \($0)" } ?? ""); its subtitle tracks: \(listed)")
            }
            return chosen
        }
        let text = candidates.filter { $0.kind == .text }
        // A file with no text track but closed captions (a broadcast recording) gives its first channel.
        let captions = candidates.filter { $0.kind == .closedCaptions && $0.channel != nil }
        // Then pictures, read as text by recognition.
        let bitmaps = candidates.filter { $0.kind == .bitmap }
        guard let chosen = text.first(where: \.isDefault) ?? text.first ?? captions.first
                ?? bitmaps.first(where: \.isDefault) ?? bitmaps.first else {
            let other = candidates[0]
            switch other.kind {
            case .unknown:
                throw VideoError(.malformed, "\(path): track \(other.index) is in a codec this build of FFmpeg does not know, so CaptionKit cannot read it (its subtitle tracks: \(listed))")
            default:
                throw VideoError(.malformed, "\(path): track \(other.index) is a CEA-608 stream with no caption in it (its subtitle tracks: \(listed))")
            }
        }
        return chosen
    }
}
