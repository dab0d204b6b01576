import CaptionModel
import CaptionRender
import CaptionStyles
import CaptionVideo

/// The PGS targets:
/// - `pgs-reader`: any bytes as a `.sup`, through the project's own reader and the decoder-model
///   replay (the reader the tests trust to check the writer must not trust its input);
/// - `pgs-writer`: bytes made into a style (karaoke mode, size, colours, outline) and word-timed
///   captions (the bytes' text, a word's length from its letters), drawn and written as a PGS track at a
///   small frame size; what is written must read back through the reader, with one display set per
///   set the writer counted, and pass the decoder model.
extension FuzzTargets {
    static let pgsTargets: [FuzzTarget] = [
        FuzzTarget(name: "pgs-reader", summary: "PGS (.sup) files through the project's own reader and the Blu-ray decoder-model replay",
                   seeds: ["Fuzz/seeds/pgs/*.sup"], dictionary: nil) { bytes in
            guard let sets = try? PGSReader().read(bytes), let first = sets.first else { return }
            _ = PGSDecoderCheck(width: first.composition.width, height: first.composition.height).check(sets)
            for set in sets.prefix(4) where set.composition.width * set.composition.height <= 1 << 20 {
                _ = set.frame(matrix: PGSPalette.matrix(videoHeight: set.composition.height))
            }
        },
        FuzzTarget(name: "pgs-writer", summary: "random styles and caption texts drawn and written as PGS, read back by the project's reader",
                   seeds: ["Corpus/samples/*.srt", "Corpus/word-timed/*.json"], dictionary: nil) { bytes in
            guard bytes.count >= 6 else { return }
            let (style, pages) = styledCaptions(bytes)
            let (width, height) = (64 + Int(bytes[4] % 4) * 32, 48 + Int(bytes[5] % 4) * 32)
            let rate = FrameRate(numerator: 25, denominator: 1)!
            let looks = PGSCaptionLooks(style: style, pages: pages, width: width, height: height, frameRate: rate)
            guard let (written, report) = try? PGSTrackWriter(width: width, height: height, frameRate: rate).encode(looks) else { return }
            guard let sets = try? PGSReader().read(written) else { preconditionFailure("pgs-writer: the written track does not read back") }
            precondition(sets.count == report.displaySets, "pgs-writer: \(sets.count) display sets read, \(report.displaySets) written")
            let problems = PGSDecoderCheck(width: width, height: height).check(sets).problems
            precondition(problems.isEmpty, "pgs-writer: decoder model: \(problems.first ?? "")")
        },
    ]

    /// A style from the first bytes and one or two pages of words from the rest.
    static func styledCaptions(_ bytes: [UInt8]) -> (CaptionStyle, [CaptionEvent]) {
        var style = CaptionStyle()
        style.fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        let modes = CaptionStyle.Karaoke.Mode.allCases
        style.karaoke.mode = modes[Int(bytes[0]) % modes.count]
        style.fontSize = 8 + Double(bytes[1] % 40)
        style.highlightColor = RGBAColor(red: bytes[2], green: bytes[3], blue: bytes[1] &* 7, alpha: 255 &- bytes[2] / 2)
        let text = String(decoding: bytes.dropFirst(6).prefix(120), as: UTF8.self)
        var words: [Word] = []
        var t = Int(bytes[3] % 8) * 40
        for piece in text.split(whereSeparator: { $0.isWhitespace }).prefix(12) {
            let length = 40 + piece.unicodeScalars.reduce(0) { ($0 + Int($1.value)) % 400 }
            words.append(Word(text: String(piece), start: t, end: t + length))
            t += length
        }
        guard !words.isEmpty else { return (style, []) }
        let half = (words.count + 1) / 2
        let pages = [words[..<half], words[half...]].filter { !$0.isEmpty }.map { chunk in
            CaptionEvent(start: chunk.first!.start, end: chunk.last!.end, text: CaptionText(plain: chunk.map(\.text).joined(separator: " ")), words: Array(chunk))
        }
        return (style, pages)
    }
}
