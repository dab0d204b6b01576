import CaptionModel

/// `"speakers": "auto"`: each speaker in order of first appearance gets a text colour. The first
/// keeps the style's own; the others take light, saturated colours that stay readable on video under
/// a dark stroke, skipping any too close to the style's text or highlight colour (the spoken word must
/// still stand out), and repeating after the last.
public enum SpeakerPalette {
    public static let colors: [RGBAColor] = ["#5CE1FF", "#FFB14E", "#8CFF7A", "#FF8AD8", "#C3A6FF", "#FFF36B"].compactMap(RGBAColor.init(parsing:))

    /// Speakers in order of first appearance.
    public static func speakers(in pages: [CaptionEvent]) -> [String] {
        var seen: [String] = []
        for page in pages {
            for speaker in WordTimeline.words(of: page).compactMap(\.speaker) where !seen.contains(speaker) { seen.append(speaker) }
        }
        return seen
    }

    /// A style per speaker: the text colour.
    public static func styles(for speakers: [String], style: CaptionStyle) -> [String: StylePatch] {
        let usable = colors.filter { !isClose($0, style.highlightColor) && !isClose($0, style.textColor) }
        var styles: [String: StylePatch] = [:]
        for (i, speaker) in speakers.enumerated() {
            let color = i == 0 || usable.isEmpty ? style.textColor : usable[(i - 1) % usable.count]
            styles[speaker] = StylePatch(entries: [StylePatch.Entry(path: "text_color", value: .color(color))])
        }
        return styles
    }

    public static func isClose(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue))) < 80
    }
}
