import Foundation

/// The GSI block: the first 1024 bytes of an EBU STL file, fixed-width ASCII fields (Tech 3264
/// section 2). Only what reading needs is kept; the writer fills every field.
struct STLGeneralInfo: Sendable {
    static let size = 1024

    /// Code page number of the GSI's own text fields (`850`).
    var codePage: String
    /// Disk format code (`STL25.01`): the frame rate.
    var diskFormatCode: String
    /// Display standard code: `0` open subtitling, `1`/`2` level-1/2 teletext, blank undefined.
    var displayStandard: UInt8
    /// Character code table of the TTI text fields (`00`-`04`).
    var characterTable: String
    /// Language code (two hexadecimal digits, Tech 3264 appendix 3).
    var languageCode: String
    /// Original programme title.
    var programmeTitle: String
    /// Time code of the start of programme, `HHMMSSFF` (informative: times are not offset by it).
    var programmeStart: String
    /// Total number of TTI blocks as the file states it (often wrong: blocks are read to the end).
    var declaredBlocks: Int?

    /// Field offsets and widths, in the order Tech 3264 lists them.
    enum Field {
        static let cpn = 0..<3, dfc = 3..<11, dsc = 11, cct = 12..<14, lc = 14..<16, opt = 16..<48, oet = 48..<80
        static let tpt = 80..<112, tet = 112..<144, tn = 144..<176, tcd = 176..<208, slr = 208..<224
        static let cd = 224..<230, rd = 230..<236, rn = 236..<238, tnb = 238..<243, tns = 243..<248, tng = 248..<251
        static let mnc = 251..<253, mnr = 253..<255, tcs = 255, tcp = 256..<264, tcf = 264..<272, tnd = 272, dsn = 273
        static let co = 274..<277, pub = 277..<309, en = 309..<341, ecd = 341..<373
    }

    /// Whether bytes 3-10 are a disk format code, `STLnn.01`: the signature detection looks for.
    static func hasSignature(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= Field.dfc.upperBound else { return false }
        let code = Array(bytes[Field.dfc])
        return code[0...2] == [0x53, 0x54, 0x4C] && code[3...4].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && code[5...7] == [0x2E, 0x30, 0x31]
    }

    /// The GSI block at the start of `bytes` (which must hold at least `size` bytes).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        func field(_ range: Range<Int>) -> String {
            // Printable ASCII only: the fields name codes and titles; anything else would only garble messages.
            String(decoding: bytes[range].map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }, as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
        }
        codePage = field(Field.cpn)
        diskFormatCode = field(Field.dfc)
        displayStandard = bytes[Field.dsc]
        characterTable = field(Field.cct)
        languageCode = field(Field.lc).uppercased()
        programmeTitle = field(Field.opt)
        programmeStart = field(Field.tcp)
        declaredBlocks = Int(field(Field.tnb))
    }

    init(codePage: String = "850", diskFormatCode: String, displayStandard: UInt8, characterTable: String,
         languageCode: String, programmeTitle: String, programmeStart: String = "00000000") {
        self.codePage = codePage; self.diskFormatCode = diskFormatCode; self.displayStandard = displayStandard
        self.characterTable = characterTable; self.languageCode = languageCode; self.programmeTitle = programmeTitle
        self.programmeStart = programmeStart
    }

    /// Teletext (DSC 1 or 2) rather than open subtitles: colours and styles end with each row.
    var isTeletext: Bool { displayStandard == 0x31 || displayStandard == 0x32 }

    /// What the writer puts in the fields reading ignores.
    struct Counts {
        var blocks: Int
        var subtitles: Int
        var firstCue: String
        var date: Date
    }

    /// The 1024 bytes: the fields above, the counts, and spaces in every field left empty (the user
    /// data area and the spare bytes too, as Tech 3264 asks of unused GSI bytes).
    func bytes(_ counts: Counts) -> [UInt8] {
        var out = [UInt8](repeating: 0x20, count: Self.size)
        func put(_ text: String, _ range: Range<Int>, rightAligned: Bool = false) {
            let ascii = Array(text.utf8.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x3F }.prefix(range.count))
            let start = rightAligned ? range.upperBound - ascii.count : range.lowerBound
            out.replaceSubrange(start..<(start + ascii.count), with: ascii)
        }
        func number(_ value: Int, _ range: Range<Int>) {
            let limited = min(max(0, value), Int(String(repeating: "9", count: range.count))!)
            let digits = String(limited)
            put(String(repeating: "0", count: range.count - digits.count) + digits, range)
        }
        put(codePage, Field.cpn)
        put(diskFormatCode, Field.dfc)
        out[Field.dsc] = displayStandard
        put(characterTable, Field.cct)
        put(languageCode, Field.lc)
        put(programmeTitle, Field.opt)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.dateComponents([.year, .month, .day], from: counts.date)
        let date = [(day.year ?? 2000) % 100, day.month ?? 1, day.day ?? 1].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
        put(date, Field.cd)
        put(date, Field.rd)
        put("00", Field.rn)
        number(counts.blocks, Field.tnb)
        number(counts.subtitles, Field.tns)
        number(1, Field.tng)  // one subtitle group
        put("40", Field.mnc)  // the teletext row's 40 characters
        put("23", Field.mnr)  // and its 23 rows, the grid VP counts in
        out[Field.tcs] = 0x31  // time codes intended for use
        put(programmeStart, Field.tcp)
        put(counts.firstCue, Field.tcf)
        out[Field.tnd] = 0x31  // one disk
        out[Field.dsn] = 0x31
        return out
    }
}
