import Foundation

/// The font bytes libass is given (`ass_add_font`), with one fix for libass 0.17.1: its `charmap_magic`
/// takes the first Microsoft Unicode character map of a font it is given, and a font that has both a
/// BMP-only map (platform 3, encoding 1) and a full-Unicode one (3, 10) lists the BMP one first (the
/// specification sorts the records by encoding). So libass finds no glyph above U+FFFF in such a font
/// and falls back to its default font: emoji from Symbola came out as missing-glyph boxes. libass fixed
/// this after 0.17.1 by preferring the full map (libass issue #634, pull request #729); here the
/// in-memory copy lists the full map's record first, which is what that fix selects. The glyphs and
/// the maps themselves are unchanged, and FreeType does not check the table's order or checksum.
enum LibassFontData {
    /// `data` with the (3, 10) character map record moved before the (3, 1) one; `data` unchanged
    /// when it is not a single TrueType/OpenType font or has no such pair.
    static func preferringFullUnicodeMap(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        guard let cmap = tableOffset("cmap", in: bytes) else { return data }
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        guard let count = u16(cmap + 2) else { return data }
        let records = cmap + 4
        guard records + 8 * count <= bytes.count else { return data }
        func key(_ i: Int) -> (platform: Int, encoding: Int) { (u16(records + 8 * i)!, u16(records + 8 * i + 2)!) }
        guard let bmp = (0..<count).first(where: { key($0) == (3, 1) }),
              let full = (0..<count).first(where: { key($0) == (3, 10) }), full > bmp else { return data }
        let a = records + 8 * bmp, b = records + 8 * full
        let bmpRecord = Array(bytes[a..<a + 8])
        bytes.replaceSubrange(a..<a + 8, with: bytes[b..<b + 8])
        bytes.replaceSubrange(b..<b + 8, with: bmpRecord)
        return Data(bytes)
    }

    /// The offset of table `tag` in a single font's table directory (not a collection), if present and in bounds.
    static func tableOffset(_ tag: String, in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 12 else { return nil }
        let version = bytes[0..<4]
        guard version.elementsEqual([0, 1, 0, 0]) || version.elementsEqual(Array("OTTF".utf8)) || version.elementsEqual(Array("true".utf8))
        else { return nil }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let wanted = Array(tag.utf8)
        for i in 0..<count {
            let entry = 12 + 16 * i
            guard entry + 16 <= bytes.count else { return nil }
            guard bytes[entry..<entry + 4].elementsEqual(wanted) else { continue }
            let offset = bytes[entry + 8..<entry + 12].reduce(0) { $0 << 8 | Int($1) }
            let length = bytes[entry + 12..<entry + 16].reduce(0) { $0 << 8 | Int($1) }
            return offset + length <= bytes.count && length >= 4 ? offset : nil
        }
        return nil
    }
}
