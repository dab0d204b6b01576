/// An sRGB colour with straight (not premultiplied) alpha; 255 is opaque.
public struct RGBAColor: Sendable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// An alpha after an extra opacity (a fade, a shadow's opacity; clamped to 0...1), rounded to 8
    /// bits: folded into the colour first, as libass folds `\fad` into a layer's colour.
    public static func alpha(_ alpha: UInt8, times opacity: Double) -> UInt8 {
        guard opacity < 1 else { return alpha }
        guard opacity > 0 else { return 0 }
        return UInt8((Double(alpha) * opacity).rounded())
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hexString: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (the `#` optional) or a CSS/HTML colour name.
    public init?(parsing text: Substring) {
        let trimmed = text.trimmingCharacters(in: " \t\"'")
        if let named = RGBAColor.named[trimmed.lowercased()] { self = named; return }
        var hex = Substring(trimmed)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard [3, 6, 8].contains(hex.count), let value = UInt32(hex, radix: 16) else { return nil }
        switch hex.count {
        case 3:
            let r = UInt8((value >> 8) & 15), g = UInt8((value >> 4) & 15), b = UInt8(value & 15)
            self.init(red: r * 17, green: g * 17, blue: b * 17)
        case 6:
            self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 255), blue: UInt8(value & 255))
        default:
            self.init(red: UInt8(value >> 24), green: UInt8((value >> 16) & 255),
                      blue: UInt8((value >> 8) & 255), alpha: UInt8(value & 255))
        }
    }

    public init?(parsing text: String) { self.init(parsing: Substring(text)) }

    /// The HTML 4 colour names plus those common in subtitle files.
    static let named: [String: RGBAColor] = [
        "black": .init(red: 0, green: 0, blue: 0), "silver": .init(red: 192, green: 192, blue: 192),
        "gray": .init(red: 128, green: 128, blue: 128), "grey": .init(red: 128, green: 128, blue: 128),
        "white": .init(red: 255, green: 255, blue: 255), "maroon": .init(red: 128, green: 0, blue: 0),
        "red": .init(red: 255, green: 0, blue: 0), "purple": .init(red: 128, green: 0, blue: 128),
        "fuchsia": .init(red: 255, green: 0, blue: 255), "magenta": .init(red: 255, green: 0, blue: 255),
        "green": .init(red: 0, green: 128, blue: 0), "lime": .init(red: 0, green: 255, blue: 0),
        "olive": .init(red: 128, green: 128, blue: 0), "yellow": .init(red: 255, green: 255, blue: 0),
        "navy": .init(red: 0, green: 0, blue: 128), "blue": .init(red: 0, green: 0, blue: 255),
        "teal": .init(red: 0, green: 128, blue: 128), "aqua": .init(red: 0, green: 255, blue: 255),
        "cyan": .init(red: 0, green: 255, blue: 255), "orange": .init(red: 255, green: 165, blue: 0),
        "pink": .init(red: 255, green: 192, blue: 203), "brown": .init(red: 165, green: 42, blue: 42),
        "gold": .init(red: 255, green: 215, blue: 0),
    ]
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var slice = Substring(self)
        while let c = slice.first, chars.contains(c) { slice = slice.dropFirst() }
        while let c = slice.last, chars.contains(c) { slice = slice.dropLast() }
        return String(slice)
    }
}
