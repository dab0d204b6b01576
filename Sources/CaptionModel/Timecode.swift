/// Times as the retime and check commands read and print them: seconds (`1.5`, `-2`) or timestamps
/// (`00:01:02.500`, `1:02.5`, `00:01:02,500` as SRT writes it), negative with a leading `-`.
public enum Timecode {
    public static func parse(_ text: String) -> Milliseconds? {
        var body = Substring(text)
        while body.first == " " { body.removeFirst() }
        while body.last == " " { body.removeLast() }
        var sign = 1
        if body.hasPrefix("-") { sign = -1; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
        guard !body.isEmpty, !body.hasPrefix("-"), !body.hasPrefix("+") else { return nil }
        let fields = body.replacingComma().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        // The last field is seconds with an optional fraction; the ones before are whole minutes and hours.
        guard let seconds = secondsField(fields.last!) else { return nil }
        // Minutes below 60 when hours are given; seconds below 60 when minutes are given.
        var total = seconds
        if fields.count > 1, seconds >= 60_000 { return nil }
        let units = fields.dropLast()
        for (position, field) in units.enumerated() {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy(\.isASCIIDigit), let value = Int(field) else { return nil }
            let isMinutes = position == units.count - 1
            if isMinutes, units.count == 2, value >= 60 { return nil }
            total += value * (isMinutes ? 60_000 : 3_600_000)
        }
        return sign * total
    }

    /// `12`, `12.5`, `0.001`: milliseconds, rounded under the model's rule past three decimals.
    private static func secondsField(_ field: Substring) -> Milliseconds? {
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 9,
              parts[0].allSatisfy(\.isASCIIDigit), let whole = Int(parts[0]) else { return nil }
        var ms = whole * 1000
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit), let fraction = Int(digits) else { return nil }
            ms += CaptionTime.milliseconds(fraction: fraction, digits: digits.count)
        }
        return ms
    }

    /// `01:02:03.450`, `-00:00:01.500`.
    public static func format(_ ms: Milliseconds) -> String {
        let sign = ms < 0 ? "-" : ""
        let v = abs(ms)
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(sign)\(pad(v / 3_600_000, 2)):\(pad(v / 60_000 % 60, 2)):\(pad(v / 1000 % 60, 2)).\(pad(v % 1000, 3))"
    }
}

private extension Substring {
    func replacingComma() -> Substring { Substring(String(self.map { $0 == "," ? "." : $0 })) }
}
