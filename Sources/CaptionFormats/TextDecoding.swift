#if canImport(Glibc)
import Glibc
#endif

/// Input text as UTF-8 bytes (byte-order mark removed), with the name to use in messages.
/// Readers parse these bytes directly; strings are made only for the text they keep.
public struct DecodedText: Sendable {
    public var utf8: InputBytes
    /// The file name (or `<stdin>`) that messages name.
    public var sourceName: String
    /// The encoding the bytes were decoded from, as named in messages (`UTF-8`, `UTF-16LE`, ...).
    public var encoding: String
    /// Warnings from decoding (a Windows-1252 fallback, say).
    public var diagnostics: [Diagnostic]

    public init(utf8: InputBytes, sourceName: String = "<input>", encoding: String = "UTF-8", diagnostics: [Diagnostic] = []) {
        self.utf8 = utf8; self.sourceName = sourceName; self.encoding = encoding; self.diagnostics = diagnostics
    }

    public init(utf8: [UInt8], sourceName: String = "<input>", encoding: String = "UTF-8", diagnostics: [Diagnostic] = []) {
        self.init(utf8: InputBytes(utf8), sourceName: sourceName, encoding: encoding, diagnostics: diagnostics)
    }

    public init(_ string: String, sourceName: String = "<input>") {
        self.init(utf8: Array(string.utf8), sourceName: sourceName)
    }
}

/// Turns raw input bytes into UTF-8: a byte-order mark decides (UTF-8, UTF-16 LE/BE); otherwise the
/// bytes must be valid UTF-8, and if they are not they are read as Windows-1252 with a warning.
/// An explicit encoding name (any name iconv knows: `latin1`, `gb2312`, `shift_jis`...) overrides both.
public enum TextDecoding {
    public static func decode(_ bytes: [UInt8], sourceName: String, encoding override: String? = nil) throws -> DecodedText {
        try decode(InputBytes(bytes), sourceName: sourceName, encoding: override)
    }

    public static func decode(_ input: InputBytes, sourceName: String, encoding override: String? = nil) throws -> DecodedText {
        if let override { return try decode(input.asArray, sourceName: sourceName, named: override) }
        if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try decodeUTF8(input.droppingPrefix(3), sourceName: sourceName)
        }
        if input.starts(with: [0xFF, 0xFE]) {
            return DecodedText(utf8: utf16ToUTF8(input.asArray.dropFirst(2), bigEndian: false), sourceName: sourceName, encoding: "UTF-16LE")
        }
        if input.starts(with: [0xFE, 0xFF]) {
            return DecodedText(utf8: utf16ToUTF8(input.asArray.dropFirst(2), bigEndian: true), sourceName: sourceName, encoding: "UTF-16BE")
        }
        return try decodeUTF8(input, sourceName: sourceName)
    }

    private static func decodeUTF8(_ input: InputBytes, sourceName: String) throws -> DecodedText {
        guard let bad = UTF8Validation.firstInvalidOffset(input) else {
            return DecodedText(utf8: input, sourceName: sourceName)
        }
        let bytes = input.asArray
        let line = 1 + bytes[..<bad].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let warning = Diagnostic.warning(line: line,
            "not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)); read as Windows-1252 (use --encoding to choose another)")
        return DecodedText(utf8: windows1252ToUTF8(bytes), sourceName: sourceName, encoding: "Windows-1252", diagnostics: [warning])
    }

    private static func decode(_ bytes: [UInt8], sourceName: String, named name: String) throws -> DecodedText {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        switch key {
        case "utf8":
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            if let bad = UTF8Validation.firstInvalidOffset(InputBytes(body)) {
                throw CaptionFormatError(.malformed, "\(sourceName): not valid UTF-8 at byte offset \(bad), but --encoding \(name) was given")
            }
            return DecodedText(utf8: body, sourceName: sourceName, encoding: "UTF-8")
        case "windows1252", "cp1252":
            return DecodedText(utf8: windows1252ToUTF8(bytes), sourceName: sourceName, encoding: "Windows-1252")
        case "utf16le", "utf16be", "utf16":
            var body = bytes[...]
            var bigEndian = key == "utf16be"
            if body.starts(with: [0xFF, 0xFE]) { body = body.dropFirst(2); bigEndian = false }
            else if body.starts(with: [0xFE, 0xFF]) { body = body.dropFirst(2); bigEndian = true }
            return DecodedText(utf8: utf16ToUTF8(body, bigEndian: bigEndian), sourceName: sourceName,
                               encoding: bigEndian ? "UTF-16BE" : "UTF-16LE")
        default:
            return DecodedText(utf8: try iconvToUTF8(bytes, from: name, sourceName: sourceName),
                               sourceName: sourceName, encoding: name)
        }
    }

    static func utf16ToUTF8(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let a = UInt16(bytes[index]), b = UInt16(bytes[index + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Windows-1252: Latin-1 except 0x80-0x9F, which hold typographic characters. The five unassigned
    /// bytes map to the C1 controls of the same value, as browsers do.
    static func windows1252ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for b in bytes {
            if b < 0x80 { out.append(b); continue }
            let scalar = (0x80...0x9F).contains(b) ? high[Int(b) - 0x80] : UInt32(b)
            out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        }
        return out
    }

    static func iconvToUTF8(_ bytes: [UInt8], from name: String, sourceName: String) throws -> [UInt8] {
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else {
            throw CaptionFormatError(.usage, "unknown encoding '\(name)' (iconv does not know it; try utf-8, utf-16, windows-1252, latin1, gb2312, shift_jis)")
        }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                var inPtr = inBuf.baseAddress, outPtr = outBuf.baseAddress
                var inLeft = inBuf.count, outLeft = outBuf.count
                if inLeft > 0, iconv(converter, &inPtr, &inLeft, &outPtr, &outLeft) == -1 { return nil }
                return outBuf.count - outLeft
            }
        }
        guard let produced else {
            throw CaptionFormatError(.malformed, "\(sourceName): bytes that are not valid \(name)")
        }
        return output[..<produced].map { UInt8(bitPattern: $0) }
    }
}
