import Foundation

/// How the compiled ASS prints a number, and what libass makes of it: the native renderer draws
/// from the same values libass reads, so a length that is not a multiple of 1/64 px rounds the same
/// way on both sides. (At a frame scale like 4/9, a 42 px font is 18.666666666… px natively and
/// "18.6666667" in the ASS; libass puts glyph centres from that value, and where a centre falls on
/// a half of its 1/8 px grid, the last bits decide the side.)
public enum ASSNumber {
    /// Integers bare, others with 7 decimals, trailing zeros dropped.
    public static func text(_ v: Double) -> String {
        if v == v.rounded() { return String(Int(v)) }
        var text = String(format: "%.7f", v)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// The value libass reads from the printed number.
    public static func read(_ v: Double) -> Double { Double(text(v)) ?? v }

    /// The printed number as libass holds a drawing coordinate or position: 1/64 px, rounded with
    /// lrint (`double_to_d6`).
    public static func d6(_ v: Double) -> Int { Int((Double(text(v))! * 64).rounded(.toNearestOrEven)) }
}
