import CaptionModel

/// How a number written in digits is said in English, for the acoustic model's grammar: a caption's
/// "42" is "forty two" to the model, whose dictionary has words, not digits. A number has several
/// readings ("1999" as a year or a count, "2024" as "twenty twenty four" or "two thousand twenty
/// four"); the grammar allows each and the model takes the one it hears.
///
/// Without it a caption with a digit went to the warping whole, which places a real speaker's words
/// far worse (docs/audio-alignment.md). Money is said with its unit after the number ("$5": "five
/// dollars") and clock times as their hour and minutes ("7:45pm": "seven forty five p m"); other mixed
/// tokens ("4k", "1:2:3") are not read, and their captions are still warped.
enum SpokenNumbers {
    /// The readings of `token` (lower case, the punctuation around it removed, "%" and a leading
    /// currency sign kept), or nil when it is not a number read here: whole numbers (commas between
    /// thousands allowed) up to 999,999,999,999, decimals ("3.5"), ordinals ("1st", "22nd"),
    /// percentages ("50%"), money ("$5", "£20", "$5.99") and clock times ("12:30", "9am"). Likeliest first.
    static func readings(_ token: String) -> [[String]]? {
        if let sign = token.first, let unit = currencies[sign] { return money(String(token.dropFirst()), unit: unit) }
        if let time = clockTime(token) { return time }
        if token.hasSuffix("%"), let number = readings(String(token.dropLast())) {
            return number.map { $0 + ["percent"] }
        }
        for suffix in ["st", "nd", "rd", "th"] where token.hasSuffix(suffix) {
            guard let n = whole(String(token.dropLast(2))) else { return nil }
            return [ordinal(n)]
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) {
            let decimals = parts[1].map { ones[Int(String($0))!] }
            if parts[0].isEmpty { return [["point"] + decimals] }
            guard let n = whole(String(parts[0])) else { return nil }
            // "0.5" is said "zero point five" or "point five".
            return n == 0 ? [["zero", "point"] + decimals, ["point"] + decimals] : cardinals(n).map { $0 + ["point"] + decimals }
        }
        guard let n = whole(token) else { return nil }
        // "1,250" is a count; "1250" may be a year.
        return ((token.contains(",") ? nil : year(n)).map { [$0] } ?? []) + cardinals(n)
    }

    /// `text` as a whole number: digits, with commas only between groups of three.
    static func whole(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCIIDigit || $0 == "," }) else { return nil }
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1 {
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        guard let n = Int(text.filter(\.isASCIIDigit)), n <= 999_999_999_999 else { return nil }
        return n
    }

    /// A count, the American way ("one hundred twenty three") and, with hundreds, the British one
    /// ("one hundred and twenty three").
    static func cardinals(_ n: Int) -> [[String]] {
        let plain = cardinal(n, and: false), british = cardinal(n, and: true)
        return plain == british ? [plain] : [plain, british]
    }

    static func cardinal(_ n: Int, and: Bool) -> [String] {
        if n == 0 { return ["zero"] }
        var words: [String] = []
        var rest = n
        for (size, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand")] where rest >= size {
            words += belowThousand(rest / size, and: and) + [name]
            rest %= size
        }
        if rest > 0 {
            // "two thousand and five": the British "and" before a last part under a hundred.
            if and, n >= 1_000, rest < 100 { words.append("and") }
            words += belowThousand(rest, and: and)
        }
        return words
    }

    static func belowThousand(_ n: Int, and: Bool) -> [String] {
        var words: [String] = []
        if n >= 100 {
            words += [ones[n / 100], "hundred"]
            if and, n % 100 > 0 { words.append("and") }
        }
        let rest = n % 100
        if rest >= 20 {
            words.append(tens[rest / 10])
            if rest % 10 > 0 { words.append(ones[rest % 10]) }
        } else if rest > 0 {
            words.append(ones[rest])
        }
        return words
    }

    /// A year of 1100-2099 as it is said: "nineteen ninety nine", "nineteen hundred", "nineteen oh
    /// five", "twenty twenty four"; 2000-2009 are said as counts ("two thousand five").
    static func year(_ n: Int) -> [String]? {
        guard (1_100...2_099).contains(n), !(2_000...2_009).contains(n) else { return nil }
        let (century, rest) = (n / 100, n % 100)
        if rest == 0 { return belowThousand(century, and: false) + ["hundred"] }
        if rest < 10 { return belowThousand(century, and: false) + ["oh", ones[rest]] }
        return belowThousand(century, and: false) + belowThousand(rest, and: false)
    }

    /// "first", "twenty second", "one hundredth": the count with its last word made an ordinal.
    static func ordinal(_ n: Int) -> [String] {
        var words = cardinal(n, and: false)
        let last = words.removeLast()
        let irregular = ["one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
                         "nine": "ninth", "twelve": "twelfth", "zero": "zeroth"]
        if let said = irregular[last] {
            words.append(said)
        } else if last.hasSuffix("y") {
            words.append(last.dropLast() + "ieth")
        } else {
            words.append(last + "th")
        }
        return words
    }

    /// Each currency sign read, with its unit's singular and plural.
    static let currencies: [Character: (one: String, many: String)] = [
        "$": ("dollar", "dollars"), "\u{A3}": ("pound", "pounds"), "\u{20AC}": ("euro", "euros"), "\u{A5}": ("yen", "yen"),
    ]

    /// An amount after its currency sign: the number with its unit after it, or the number alone (the
    /// unit said later, "$2 million", or not at all). Two decimals are cents: "five ninety nine",
    /// "five dollars ninety nine", "five dollars and ninety nine cents"; under one, "ninety nine cents".
    static func money(_ amount: String, unit: (one: String, many: String)) -> [[String]]? {
        let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isASCIIDigit), let units = whole(String(parts[0].isEmpty ? "0" : parts[0])) {
            let cents = Int(parts[1])!
            let centsSaid = cardinal(cents, and: false) + [cents == 1 ? "cent" : "cents"]
            if units == 0 { return [centsSaid] }
            let count = cardinal(units, and: false), named = count + [units == 1 ? unit.one : unit.many]
            guard cents > 0 else { return [named, count] }
            let centWords = centsSaid.dropLast()
            return [count + centWords, named + centWords, named + ["and"] + centsSaid]
        }
        guard let number = readings(amount), !amount.hasSuffix("%") else { return nil }
        let many = amount != "1"
        return number.map { $0 + [many ? unit.many : unit.one] } + number
    }

    /// A clock time, "h:mm" with an hour under 24 and optional "am"/"pm" ("9am" too): "twelve thirty",
    /// "three oh five", "ten o'clock" (or "ten", or "ten hundred"), the suffix said as its letters.
    static func clockTime(_ token: String) -> [[String]]? {
        var text = Substring(token)
        var suffix: [String] = []
        for (written, said) in [("am", ["a", "m"]), ("pm", ["p", "m"]), ("a.m", ["a", "m"]), ("p.m", ["p", "m"])] where text.hasSuffix(written) {
            text = text.dropLast(written.count)
            suffix = said
            break
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigit),
              let hour = Int(parts[0]), hour < 24 else { return nil }
        if parts.count == 1 {
            // "9am": only with its suffix, or it is just a number.
            guard !suffix.isEmpty else { return nil }
            return [cardinal(hour, and: false) + suffix]
        }
        guard parts[1].count == 2, parts[1].allSatisfy(\.isASCIIDigit), let minute = Int(parts[1]), minute < 60 else { return nil }
        let said = cardinal(hour, and: false)
        if minute == 0 { return [said + ["o'clock"] + suffix, said + suffix] + (suffix.isEmpty ? [said + ["hundred"]] : []) }
        return [said + (minute < 10 ? ["oh", ones[minute]] : cardinal(minute, and: false)) + suffix]
    }

    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
}
