import CaptionModel
import Foundation

/// Which words of a page the style's `emphasis` picks: listed words, words a pattern matches, words
/// marked in the captions, and the rule's words. A word is compared without the punctuation around
/// it ("free!" is "free", "$40" and "50%" keep their symbols), and listed words case-insensitively.
public enum EmphasisMatch {
    public static func emphasized(_ words: [TimedWord], by emphasis: CaptionStyle.Emphasis) -> [Bool] {
        guard emphasis.isActive else { return Array(repeating: false, count: words.count) }
        let bare = words.map { core(of: $0.text) }
        let listed = Set(emphasis.words.map { core(of: $0).lowercased() })
        let expressions = emphasis.patterns.compactMap(RegexCache.shared.expression)
        var picked = words.indices.map { i in
            (emphasis.markup && words[i].marked) || listed.contains(bare[i].lowercased())
                || expressions.contains { $0.firstMatch(in: bare[i], range: NSRange(bare[i].startIndex..., in: bare[i])) != nil }
        }
        switch emphasis.rule {
        case .none: break
        case .numbers:
            for i in words.indices where bare[i].contains(where: \.isNumber) { picked[i] = true }
        case .longestWordPerPage:
            let lengths = bare.map { $0.filter { $0.isLetter || $0.isNumber }.count }
            if let longest = lengths.indices.max(by: { lengths[$0] < lengths[$1] || (lengths[$0] == lengths[$1] && $0 > $1) }),
               lengths[longest] > 0 { picked[longest] = true }
        }
        return picked
    }

    /// The word without the punctuation around it ("“free!”" → "free"); symbols stay ("$40", "50%").
    static func core(of text: String) -> String {
        // "%", "#", "@" and "&" are punctuation to Unicode but part of a token ("50%", "#1").
        let keep: (Character) -> Bool = { (!$0.isPunctuation || "%#@&".contains($0)) && !$0.isWhitespace }
        guard let first = text.firstIndex(where: keep), let last = text.lastIndex(where: keep) else { return "" }
        return String(text[first...last])
    }
}

/// Compiled patterns, shared: a page's words are matched at every frame, and compiling is the costly
/// part. Patterns were checked when the style was read; one that fails here matches nothing.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private var compiled: [String: NSRegularExpression] = [:]
    private let lock = NSLock()

    func expression(_ pattern: String) -> NSRegularExpression? {
        lock.withLock {
            if let hit = compiled[pattern] { return hit }
            guard let made = try? NSRegularExpression(pattern: pattern) else { return nil }
            if compiled.count > 256 { compiled.removeAll() }
            compiled[pattern] = made
            return made
        }
    }
}
