import CaptionModel

/// A WebVTT file's `STYLE` blocks, as far as they say what the caption's markup draws: rules whose
/// selector is `::cue` (the whole cue), or `::cue(...)` with one compound selector inside (an element
/// `c`, `i`, `b`, `u`, `v`, `lang`, `ruby` or `rt`, classes, and for `v` a `[voice="Name"]`), and whose
/// declarations set `color`, `font-style`, `font-weight`, `text-decoration`, `font-family` or
/// `font-size`.
///
/// `apply` turns what the rules say into spans over the text the selected elements cover, after the
/// cue's own spans (so a rule's colour wins over the default colour classes, as a page's style sheet
/// wins over the browser's): every drawing path and the compiled ASS then draw them as any markup
/// (`WordMarkup`). The document keeps the blocks as written; the spans are made for drawing only
/// (`StyledPages.prepare`). Rules apply in the cascade's order: by specificity (ids, then classes and
/// attributes, then elements), then by their order in the file.
///
/// Not applied (kept in the file, not drawn): selectors with combinators, pseudo-classes (`:past`,
/// `:future`) or several compounds; `::cue-region`; properties other than those six (backgrounds,
/// outlines, shadows); `font-style: normal` and the like, which would take markup away.
public struct CueStylesheet: Sendable, Hashable {
    struct Rule: Sendable, Hashable {
        /// `c`, `i`, `v`...; nil when the selector names none.
        var element: String?
        var classes: [String] = []
        var voice: String?
        /// `::cue(#id)`: the cue with that identifier, whole.
        var cueID: String?
        var looks: [TextSpan.Kind] = []
        /// `::cue` alone: every cue, whole.
        var wholeCue: Bool { element == nil && classes.isEmpty && cueID == nil }
        var specificity: (Int, Int, Int) { (cueID == nil ? 0 : 1, classes.count + (voice == nil ? 0 : 1), element == nil ? 0 : 1) }
    }

    private(set) var rules: [Rule] = []

    public var isEmpty: Bool { rules.isEmpty }

    public init(_ sheets: [String]) {
        var parsed: [Rule] = []
        for sheet in sheets { parsed += Self.parse(sheet) }
        // The cascade: a stable sort by specificity keeps the file's order among equals.
        rules = parsed.enumerated().sorted { a, b in
            a.element.specificity != b.element.specificity ? a.element.specificity < b.element.specificity : a.offset < b.offset
        }.map(\.element)
    }

    /// The event with the rules' looks added as spans over the text their selectors select.
    public func apply(to event: CaptionEvent) -> CaptionEvent {
        guard !rules.isEmpty else { return event }
        let text = event.text
        let length = text.plain.utf8.count
        guard length > 0 else { return event }
        var added: [TextSpan] = []
        for rule in rules where !rule.looks.isEmpty {
            for range in ranges(of: rule, in: text.spans, length: length, cueID: event.id) {
                added += rule.looks.map { TextSpan(start: range.lowerBound, end: range.upperBound, kind: $0) }
            }
        }
        guard !added.isEmpty else { return event }
        var result = event
        result.text = CaptionText(plain: text.plain, spans: text.spans + added)
        return result
    }

    /// Where the rule's selector matches: the whole text, or each span that is a matching element.
    private func ranges(of rule: Rule, in spans: [TextSpan], length: Int, cueID: String?) -> [Range<Int>] {
        if let id = rule.cueID { return id == cueID ? [0..<length] : [] }
        if rule.wholeCue { return [0..<length] }
        // Classes ride on their own span beside the element's (`<i.loud>`: an italic span and a
        // classes span over the same text): an element with classes matches where both cover it.
        var out: [Range<Int>] = []
        for span in spans where span.start < span.end {
            let range = span.start..<span.end
            switch span.kind {
            case .classes(let classes):
                guard Set(rule.classes).isSubset(of: Set(classes)), !rule.classes.isEmpty, rule.voice == nil else { continue }
                if let element = rule.element, element != "c",
                   !spans.contains(where: { $0.start == span.start && $0.end == span.end && Self.element(of: $0.kind) == element }) { continue }
                out.append(range)
            case .voice(let name):
                guard rule.element == "v", rule.classes.isEmpty else { continue }
                if let voice = rule.voice, voice != name { continue }
                out.append(range)
            default:
                guard let element = Self.element(of: span.kind), element == rule.element, rule.classes.isEmpty, rule.voice == nil else { continue }
                out.append(range)
            }
        }
        return out
    }

    /// The WebVTT element a span is, for the kinds that are one.
    static func element(of kind: TextSpan.Kind) -> String? {
        switch kind {
        case .italic: "i"
        case .bold: "b"
        case .underline: "u"
        case .voice: "v"
        case .language: "lang"
        case .ruby: "ruby"
        case .rubyText: "rt"
        case .classes: "c"
        case .strikethrough, .color, .fontFace, .fontScale: nil
        }
    }

    // MARK: Parsing

    static func parse(_ sheet: String) -> [Rule] {
        // Comments go first: a brace inside one is not a block. An unclosed one runs to the end.
        var clean = "", rest = Substring(sheet)
        while let open = rest.firstRange(of: "/*") {
            clean += rest[..<open.lowerBound]
            rest = rest[open.upperBound...].firstRange(of: "*/").map { rest[$0.upperBound...] } ?? ""
        }
        clean += rest
        var rules: [Rule] = []
        for block in clean.split(separator: "}") {
            guard let brace = block.firstIndex(of: "{") else { continue }
            let looks = declarations(block[block.index(after: brace)...])
            for selector in block[..<brace].split(separator: ",") {
                guard var rule = Self.selector(selector.trimmed()) else { continue }
                rule.looks = looks
                rules.append(rule)
            }
        }
        return rules
    }

    /// `::cue`, `::cue(#id)` or `::cue(element.class.class[voice="Name"])`; nil for anything else.
    static func selector(_ s: String) -> Rule? {
        guard s.hasPrefix("::cue") else { return nil }
        let rest = s.dropFirst(5)
        if rest.isEmpty { return Rule() }
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
        var inner = Substring(rest.dropFirst().dropLast().trimmed())
        var rule = Rule()
        if inner.hasPrefix("#") {
            let id = inner.dropFirst()
            guard !id.isEmpty, id.allSatisfy({ !" .[:>+~".contains($0) }) else { return nil }
            rule.cueID = String(id)
            return rule
        }
        let name = inner.prefix { $0.isLetter }
        if !name.isEmpty {
            guard ["c", "i", "b", "u", "v", "lang", "ruby", "rt"].contains(String(name)) else { return nil }
            rule.element = String(name)
            inner = inner.dropFirst(name.count)
        }
        while let first = inner.first {
            if first == "." {
                let cls = inner.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                guard !cls.isEmpty else { return nil }
                rule.classes.append(String(cls))
                inner = inner.dropFirst(1 + cls.count)
            } else if first == "[" {
                guard rule.element == "v", let close = inner.firstIndex(of: "]") else { return nil }
                let attribute = inner[inner.index(after: inner.startIndex)..<close]
                guard let eq = attribute.firstIndex(of: "="), attribute[..<eq].trimmed() == "voice" else { return nil }
                rule.voice = attribute[attribute.index(after: eq)...].trimmed("\"'")
                inner = inner[inner.index(after: close)...]
            } else {
                return nil   // a combinator, a pseudo-class, another compound
            }
        }
        return rule.wholeCue ? nil : rule   // `::cue()`
    }

    /// The looks a block's declarations give.
    static func declarations(_ block: Substring) -> [TextSpan.Kind] {
        var looks: [TextSpan.Kind] = []
        for declaration in block.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmed().lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmed().lowercased()
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmed() }
            switch property {
            case "color":
                if let color = Self.color(value) { looks.append(.color(color)) }
            case "font-style":
                if value == "italic" || value.hasPrefix("oblique") { looks.append(.italic) }
            case "font-weight":
                if value == "bold" || value == "bolder" || (Int(value) ?? 0) >= 600 { looks.append(.bold) }
            case "text-decoration", "text-decoration-line":
                let words = value.split(separator: " ")
                if words.contains("underline") { looks.append(.underline) }
                if words.contains("line-through") { looks.append(.strikethrough) }
            case "font-family":
                // Case matters in a family's name: read it again from the declaration as written.
                let written = declaration[declaration.index(after: colon)...].trimmed()
                if let family = Self.family(written) { looks.append(.fontFace(family)) }
            case "font-size":
                if let scale = Self.fontScale(value) { looks.append(.fontScale(scale)) }
            default: break
            }
        }
        return looks
    }

    /// The first family of a `font-family` list, unquoted; CSS's generic `sans-serif`, `serif` and
    /// `monospace` are fontconfig's names already, `system-ui` is taken as `sans-serif`.
    static func family(_ list: String) -> String? {
        var list = list
        if list.lowercased().hasSuffix("!important") { list = String(list.dropLast(10)) }
        guard let first = list.split(separator: ",").first?.trimmed("\"'"), !first.isEmpty else { return nil }
        switch first.lowercased() {
        case "sans-serif", "system-ui", "ui-sans-serif": return "sans-serif"
        case "serif", "ui-serif": return "serif"
        case "monospace", "ui-monospace": return "monospace"
        case "inherit", "initial", "unset", "revert": return nil
        default: return first
        }
    }

    /// A `font-size` as a scale of the cue's own size: `150%`, `1.5em`, `7.5vh` (browsers give a cue
    /// 5vh), `81px` (against a 1080-line video's 5vh, 54 px: the size a full-screen HD player gives a
    /// cue; `1rem` is a page's 16 px), `larger` and `smaller` (CSS's 1.2 step); nil for anything else
    /// and for sizes outside 1/20 to 20 times.
    static func fontScale(_ value: String) -> Double? {
        func number(_ suffix: String) -> Double? { value.hasSuffix(suffix) ? Double(value.dropLast(suffix.count)) : nil }
        let scale: Double?
        switch value {
        case "larger": scale = 1.2
        case "smaller": scale = 1 / 1.2
        default:
            if let n = number("%") { scale = n / 100 }
            else if let n = number("rem") { scale = n * 16 / 54 }
            else if let n = number("em") { scale = n }
            else if let n = number("vh") { scale = n / 5 }
            else if let n = number("px") { scale = n / 54 }
            else { scale = nil }
        }
        guard let scale, scale.isFinite, scale >= 0.05, scale <= 20 else { return nil }
        return scale
    }

    /// A CSS colour: a name, `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)` with
    /// `a` from 0 to 1.
    static func color(_ value: String) -> RGBAColor? {
        if value.hasPrefix("rgb") {
            guard let open = value.firstIndex(of: "("), let close = value.lastIndex(of: ")") else { return nil }
            let parts = value[value.index(after: open)..<close].split(separator: ",").map { $0.trimmed() }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let rgb = parts.prefix(3).compactMap { Int($0) }
            guard rgb.count == 3, rgb.allSatisfy({ (0...255).contains($0) }) else { return nil }
            var alpha = 255
            if parts.count == 4 {
                guard let a = Double(parts[3]), (0...1).contains(a) else { return nil }
                alpha = Int((a * 255).rounded())
            }
            return RGBAColor(red: UInt8(rgb[0]), green: UInt8(rgb[1]), blue: UInt8(rgb[2]), alpha: UInt8(alpha))
        }
        return RGBAColor(parsing: value)
    }
}

extension StringProtocol {
    /// Without white space (a CR LF is one Character, so a set of characters would miss it) and
    /// `extra` characters at either end.
    fileprivate func trimmed(_ extra: String = "") -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace || extra.contains(f) { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace || extra.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
