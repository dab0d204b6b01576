import CaptionModel
import Foundation

/// Checks one JSON value (as `JSONSerialization` returns it) against a field's kind, returning the
/// value to apply or the complaint (without the file and path, which the caller prefixes).
enum StyleValueCheck {
    static func check(_ raw: Any, _ kind: StyleField.Kind) -> Result<StyleValue, Complaint> {
        switch kind {
        case .text(let allowsEmpty):
            guard let s = raw as? String else { return .failure("must be a string, found \(describe(raw))") }
            if !allowsEmpty, s.allSatisfy(\.isWhitespace) { return .failure("must not be empty") }
            return .success(.text(s))
        case .textList:
            guard let list = raw as? [Any] else { return .failure("must be a list of strings, found \(describe(raw))") }
            var texts: [String] = []
            for (i, item) in list.enumerated() {
                guard let s = item as? String, !s.allSatisfy(\.isWhitespace) else {
                    return .failure("item \(i + 1) must be a non-empty string, found \(describe(item))")
                }
                texts.append(s)
            }
            return .success(.textList(texts))
        case .patterns:
            guard case .success(.textList(let patterns)) = check(raw, .textList) else { return check(raw, .textList) }
            for (i, pattern) in patterns.enumerated() {
                do { _ = try NSRegularExpression(pattern: pattern) } catch {
                    return .failure("item \(i + 1) is not a valid regular expression: \(describe(pattern))")
                }
            }
            return .success(.textList(patterns))
        case .flag:
            guard let n = raw as? NSNumber, isBoolean(n) else { return .failure("must be true or false, found \(describe(raw))") }
            return .success(.flag(n.boolValue))
        case .integer(let range):
            guard let x = number(raw) else { return .failure("must be a whole number, found \(describe(raw))") }
            guard x == x.rounded() else { return .failure("must be a whole number, found \(NumberText.plain(x))") }
            guard x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
                return .failure("must be between \(range.lowerBound) and \(range.upperBound), found \(NumberText.plain(x))")
            }
            return .success(.integer(Int(x)))
        case .number(let range):
            guard let x = number(raw) else { return .failure("must be a number, found \(describe(raw))") }
            return inRange(x, range).map { .number(x) }
        case .seconds(let range):
            guard let x = number(raw) else { return .failure("must be a number of seconds, found \(describe(raw))") }
            // In range means finite and small, so the conversion cannot fail.
            return inRange(x, range).map { .integer(CaptionTime.milliseconds(fromSeconds: x) ?? 0) }
        case .color:
            return color(raw)
        case .choice(let noun, let options):
            let known = "(known \(noun)s: \(options.joined(separator: ", ")))"
            guard let s = raw as? String else { return .failure("must name a \(noun) \(known), found \(describe(raw))") }
            guard options.contains(s) else {
                let hint = KeySuggestion.hint(KeySuggestion.closest(to: s, among: options))
                return .failure("unknown \(noun) '\(s)'\(hint) \(known)")
            }
            return .success(.text(s))
        case .object, .speakers, .patch:
            return .failure("must be an object, found \(describe(raw))") // objects are walked by the reader
        }
    }

    /// Only `#RRGGBB` and `#RRGGBBAA`: colour names and `#RGB` are refused, so a style reads the same
    /// to every tool (and a typo never becomes a colour). A known name gets its hex in the hint.
    private static func color(_ raw: Any) -> Result<StyleValue, Complaint> {
        guard let s = raw as? String else { return .failure("must be a colour string (#RRGGBB or #RRGGBBAA), found \(describe(raw))") }
        let digits = s.dropFirst()
        if s.first == "#", digits.count == 6 || digits.count == 8,
           digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let c = RGBAColor(parsing: s) {
            return .success(.color(c))
        }
        var hint = "use #RRGGBB or #RRGGBBAA"
        if let named = RGBAColor(parsing: s) { hint += "; \(s) is \(named.hexString)" }
        return .failure("'\(s)' is not a colour (\(hint))")
    }

    private static func inRange(_ x: Double, _ range: NumberRange) -> Result<Void, Complaint> {
        if range.minimumIsExclusive ? !(x > range.minimum) : !(x >= range.minimum) {
            let rule = range.minimumIsExclusive ? "more than \(NumberText.plain(range.minimum))" : "\(NumberText.plain(range.minimum)) or more"
            return .failure("must be \(rule), found \(NumberText.plain(x))")
        }
        if !(x <= range.maximum) { return .failure("must be at most \(NumberText.plain(range.maximum)), found \(NumberText.plain(x))") }
        return .success(())
    }

    /// JSON booleans arrive as NSNumber too; only their objCType tells them apart.
    static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    private static func number(_ raw: Any) -> Double? {
        guard let n = raw as? NSNumber, !isBoolean(n) else { return nil }
        return n.doubleValue
    }

    /// How a wrong value is shown back to the user: as they wrote it, where possible.
    static func describe(_ raw: Any) -> String {
        switch raw {
        case is NSNull: return "null"
        case let n as NSNumber: return isBoolean(n) ? (n.boolValue ? "true" : "false") : NumberText.plain(n.doubleValue)
        case let s as String: return "\"" + (s.count > 40 ? s.prefix(40) + "..." : s) + "\""
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        default: return "\(type(of: raw))"
        }
    }
}

/// A complaint about one value; a struct so `Result` can carry it.
struct Complaint: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    var text: String
    init(stringLiteral value: String) { text = value }
    init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}
