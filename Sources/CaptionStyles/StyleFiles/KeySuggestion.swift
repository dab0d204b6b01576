/// "Did you mean" for misspelled keys and preset names: `fontsize`, `fontSize` and `font-size` all
/// find `font_size`; `text_colour` finds `text_color`.
public enum KeySuggestion {
    /// The candidates closest to `word`, ignoring case and `_`/`-`/spaces, at most two edits away (one
    /// for short words, where two edits reach almost anything). Empty when nothing is that close.
    public static func closest(to word: String, among candidates: [String]) -> [String] {
        let target = normalized(word)
        let limit = target.count <= 4 ? 1 : 2
        var best: [String] = []
        var bestDistance = limit
        for candidate in candidates {
            // Lengths further apart than the limit are further apart in edits: no table to fill (a
            // file of long unknown keys would otherwise cost keys × fields × length² steps).
            // Normalizing only shortens, so a candidate whose UTF-8 is already too short is skipped
            // before it is normalized.
            guard candidate.utf8.count + bestDistance >= target.count else { continue }
            let other = normalized(candidate)
            guard abs(other.count - target.count) <= bestDistance else { continue }
            let d = distance(target, other, atMost: bestDistance)
            if d < bestDistance { best = [candidate]; bestDistance = d } else if d == bestDistance { best.append(candidate) }
        }
        return best
    }

    /// ` (did you mean 'a'?)`, ` (did you mean 'a' or 'b'?)`, or nothing.
    public static func hint(_ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        return " (did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    private static func normalized(_ s: String) -> [Character] {
        Array(s.lowercased().filter { !"_- ".contains($0) })
    }

    /// Levenshtein distance, one row at a time; once a whole row exceeds `limit` the distance can only
    /// grow, so `limit + 1` comes back without the remaining rows.
    private static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var row = [i + 1]
            for (j, cb) in b.enumerated() {
                row.append(Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            if row.min()! > limit { return limit + 1 }
            previous = row
        }
        return previous[b.count]
    }
}
