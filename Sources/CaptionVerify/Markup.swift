/// Text as HTML and XML need it, for the reports written by hand.
enum Markup {
    /// `&`, `<`, `>` and `"` as references (safe in text and in double-quoted attributes); control
    /// characters XML 1.0 cannot hold (all but tab, LF and CR) are dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
