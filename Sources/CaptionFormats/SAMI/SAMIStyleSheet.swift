/// The language classes a SAMI style sheet defines: `.ENUSCC { Name: English; lang: en-US; SAMIType: CC; }`.
/// Only what messages and metadata need (the class's name and language); other CSS is not applied.
/// Comments of both kinds (`/* */` and the `<!-- -->` wrapping the CSS) are skipped.
struct SAMIStyleSheet {
    struct LanguageClass {
        var name: String?
        var lang: String?
    }

    /// By class name, upper-cased.
    var classes: [String: LanguageClass] = [:]

    mutating func add(_ css: String) {
        var text = Substring(css.replacingAll("<!--", with: " ").replacingAll("-->", with: " "))
        // Drop /* comments */.
        var cleaned = ""
        while let open = text.firstRange(of: "/*") {
            cleaned += text[..<open.lowerBound]
            guard let close = text[open.upperBound...].firstRange(of: "*/") else { text = ""; break }
            text = text[close.upperBound...]
        }
        cleaned += text
        var rest = Substring(cleaned)
        while let brace = rest.firstIndex(of: "{") {
            let selector = rest[..<brace].trimmingSpaces.trimmingNewlines
            guard let close = rest[brace...].firstIndex(of: "}") else { break }
            let body = rest[rest.index(after: brace)..<close]
            rest = rest[rest.index(after: close)...]
            guard selector.hasPrefix("."), selector.count > 1 else { continue }
            var entry = LanguageClass()
            for declaration in body.split(separator: ";") {
                guard let colon = declaration.firstIndex(of: ":") else { continue }
                let key = declaration[..<colon].trimmingSpaces.trimmingNewlines.lowercased()
                var value = declaration[declaration.index(after: colon)...].trimmingSpaces.trimmingNewlines
                if value.count >= 2, let q = value.first, q == "'" || q == "\"", value.last == q { value = value.dropFirst().dropLast() }
                if key == "name" { entry.name = String(value) }
                if key == "lang" { entry.lang = String(value) }
            }
            classes[String(selector.dropFirst()).uppercased()] = entry
        }
    }

    /// `ENUSCC (English, en-US)`, or the class name alone when the style sheet says nothing of it.
    func describe(_ name: String) -> String {
        let details = [classes[name]?.name, classes[name]?.lang].compactMap { $0 }.filter { !$0.isEmpty }
        return details.isEmpty ? name : "\(name) (\(details.joined(separator: ", ")))"
    }
}

extension Substring {
    var trimmingNewlines: Substring {
        var s = self
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return s
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
