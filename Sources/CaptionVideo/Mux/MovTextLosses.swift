/// What an MP4 text track (mov_text, 3GPP timed text) cannot carry of a soft track's ASS: libavcodec's
/// mov_text encoder keeps bold, italic, underline, the primary colour and its alpha, the font size
/// and font name, and drops every other override tag; the format has one text box, so a cue placed
/// elsewhere or shown beside another cannot be either. One entry per kind, with how many captions lose it.
public enum MovTextLosses {
    public static func kinds(in track: SoftTrack) -> [(kind: String, captions: Int)] {
        let groups: [(kind: String, tags: [String])] = [
            ("karaoke", ["k", "K", "kf", "ko"]),
            ("positions", ["pos", "move", "an", "a", "org"]),
            ("ASS effects (fades, transforms, blur, borders, shadows, rotation, scaling, clips, drawings)",
             ["fad", "fade", "t", "blur", "be", "bord", "xbord", "ybord", "shad", "xshad", "yshad", "fr", "frx", "fry", "frz",
              "fscx", "fscy", "fsp", "fax", "fay", "clip", "iclip", "p", "2c", "3c", "4c", "2a", "3a", "4a", "q"]),
        ]
        var counts = Array(repeating: 0, count: groups.count + 1)
        var previousEnd: Int?
        for event in track.events.sorted(by: { $0.start < $1.start }) {
            let tags = overrideTags(in: event.fields)
            for (n, group) in groups.enumerated() where group.tags.contains(where: tags.contains) { counts[n] += 1 }
            if let end = previousEnd, event.start < end { counts[groups.count] += 1 }
            previousEnd = max(previousEnd ?? event.end, event.end)
        }
        // A style placed anywhere but bottom centre is a position too.
        let placed = placedStyles(in: track.header)
        counts[1] += track.events.filter { placed.contains(styleName(of: $0.fields)) }.count
        var kinds = groups.enumerated().compactMap { n, group in counts[n] > 0 ? (group.kind, counts[n]) : nil }
        if counts[groups.count] > 0 { kinds.append(("overlapping captions (shown one after the other)", counts[groups.count])) }
        return kinds
    }

    /// The styles of an ASS header whose Alignment is not 2 (bottom centre), by name.
    static func placedStyles(in header: String) -> Set<String> {
        var alignment: Int?
        var placed: Set<String> = []
        for line in header.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ":", maxSplits: 1)
            guard fields.count == 2 else { continue }
            let values = fields[1].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            if fields[0] == "Format" { alignment = values.firstIndex { $0.lowercased() == "alignment" } }
            if fields[0] == "Style", let a = alignment, a < values.count, values[a] != "2" { placed.insert(values[0]) }
        }
        return placed
    }

    /// The Style field of an event's fields (`Style,Name,...`).
    static func styleName(of fields: String) -> String {
        String(fields.prefix { $0 != "," })
    }

    /// The names of the override tags in an event's Text (`{\pos(1,2)\k20}` → pos, k): letters after
    /// each backslash inside braces, with the digits of `1c`-style colour and alpha tags kept.
    static func overrideTags(in fields: String) -> Set<String> {
        var tags: Set<String> = []
        var inBlock = false
        var chars = Array(fields.unicodeScalars)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "{" { inBlock = true; continue }
            if c == "}" { inBlock = false; continue }
            guard inBlock, c == "\\" else { continue }
            var name = ""
            if let d = chars.first, ("1"..."4").contains(d), chars.dropFirst().first.map({ $0 == "c" || $0 == "a" }) == true {
                name = String(d) + String(chars.dropFirst().first!)
                chars = chars.dropFirst(2)
            } else {
                while let l = chars.first, ("a"..."z").contains(l) || ("A"..."Z").contains(l) { name.unicodeScalars.append(l); chars = chars.dropFirst() }
            }
            // `\fad(` vs `\fade(`, `\fscx` vs `\fs`: the letters as written are the tag.
            if !name.isEmpty { tags.insert(name) }
        }
        return tags
    }
}
