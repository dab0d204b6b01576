/// HTML character references (`&amp;`, `&#233;`, `&#xE9;`) as SRT and WebVTT cue text use them.
/// Only the names that occur in subtitles are known; an unknown name stays literal text, as browsers do.
enum CharacterReferences {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "shy": "\u{00AD}",
        "eacute": "é", "egrave": "è", "agrave": "à", "aacute": "á", "ccedil": "ç", "uuml": "ü",
        "ouml": "ö", "auml": "ä", "szlig": "ß", "iexcl": "¡", "iquest": "¿", "ntilde": "ñ", "middot": "·",
    ]

    /// Decodes the reference starting at `bytes[start]` (which is `&`). Returns the text and the number
    /// of bytes consumed, or nil when the bytes there are not a complete, known reference.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> (String, Int)? {
        var i = start + 1
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "#") {
            i += 1
            var hex = false
            if i < end, bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X") { hex = true; i += 1 }
            var value: UInt32 = 0
            let digitsStart = i
            while i < end, let d = digit(bytes[i], hex: hex), value < 0x110000 {
                value = value * (hex ? 16 : 10) + d
                i += 1
            }
            guard i > digitsStart, i < end, bytes[i] == UInt8(ascii: ";") else { return nil }
            let scalar = (value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value)) ? 0xFFFD : value
            return (String(Character(Unicode.Scalar(scalar)!)), i + 1 - start)
        }
        let nameStart = i
        while i < end, i - nameStart < 12, isAlphanumeric(bytes[i]) { i += 1 }
        guard i < end, bytes[i] == UInt8(ascii: ";"), i > nameStart else { return nil }
        guard let text = named[bytes.string(nameStart..<i)] else { return nil }
        return (text, i + 1 - start)
    }

    private static func digit(_ b: UInt8, hex: Bool) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x61...0x66 where hex: return UInt32(b - 0x61 + 10)
        case 0x41...0x46 where hex: return UInt32(b - 0x41 + 10)
        default: return nil
        }
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
    }

    /// Escapes text for markup formats: `&`, `<` and `>` become references.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
