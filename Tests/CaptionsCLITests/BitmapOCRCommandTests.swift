import CaptionFormats
import CaptionModel
import Foundation
import CaptionExpectations
import Testing

/// Bitmap subtitles read as text: known text drawn into a PGS track by `convert -o x.sup` (at 1080p
/// landscape and at 480p), read back by `convert x.sup -o y.srt` through Tesseract, and the same
/// track as VobSub in Matroska and as DVB subtitles in MPEG-TS (made by ffmpeg, `-c:s dvdsub`,
/// `-c:s dvbsub`). Measured as an OCR is: the character
/// error rate over every cue (edit distance over the text's characters, whitespace runs as one
/// space: where the renderer wrapped a line is not what is tested), every cue present and not empty,
/// and every start where the track shows it.
@Suite struct BitmapOCRCommandTests {
    /// Subtitle-like lines: numbers, quotes, apostrophes, accents, punctuation, dialogue dashes.
    static let lines = [
        "Hello there, how are you today?", "I'm fine, thanks. And you?", "The 12 boxes arrived on Monday.",
        "\"Wait,\" she said. \"Not yet.\"", "It's 7:45 in the morning.", "Where did you put the keys?",
        "We need 3 more chairs for the party.", "Don't forget the café on 5th Avenue.", "- Are you coming?\n- In a minute!",
        "The train leaves at 10:30 sharp.", "That's what I've been saying all along.", "José and Zoë met in São Paulo.",
        "He paid $250 for the old guitar.", "No, no, no. That's not right.", "Turn left at the second light.",
        "She won 1st prize in 2019.", "Why would anyone do that?", "Let's get out of here, now!",
        "The report is due on the 21st.", "I can't hear you over the music.", "Naïve, perhaps, but honest.",
        "They've moved to Zürich last year.", "Call me when you land, okay?", "It costs 9.99 euros a month.",
        "Nobody knows where he went.", "We'll meet again, I promise.", "Open the window, it's too warm.",
        "The answer is 42, obviously.", "Everything's going to be fine.", "Is this seat taken?",
    ]

    static func srt(_ texts: [String]) -> String {
        texts.enumerated().map { k, text in
            "\(k + 1)\n\(Timecode.format(1000 + k * 2500).replacingOccurrences(of: ".", with: ",")) --> \(Timecode.format(3000 + k * 2500).replacingOccurrences(of: ".", with: ","))\n\(text)\n"
        }.joined(separator: "\n")
    }

    /// Characters with whitespace runs as one space.
    static func normalized(_ text: String) -> [Character] {
        Array(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The read-back events against the lines: the character error rate, and the cues that differ.
    static func score(_ events: [CaptionEvent], against texts: [String]) -> (cer: Double, wrong: [String]) {
        var errors = 0, total = 0
        var wrong: [String] = []
        for (k, text) in texts.enumerated() {
            let truth = normalized(text)
            let read = k < events.count ? normalized(events[k].text.plain) : []
            let distance = editDistance(truth, read)
            errors += distance
            total += truth.count
            if distance > 0 { wrong.append("\(String(truth)) -> \(String(read))") }
        }
        return (Double(errors) / Double(total), wrong)
    }

    /// The track a test reads: the PGS CaptionKit writes, or that track made VobSub or DVB by ffmpeg.
    enum Track: String, CustomStringConvertible {
        case pgs = "PGS", vobSub = "VobSub", dvb = "DVB"
        var description: String { rawValue }
    }

    /// `source` drawn into a PGS track by `convert -o t.sup` at `size` and `fps`, made VobSub in Matroska
    /// or DVB subtitles in MPEG-TS by ffmpeg, and read back by `convert -o back.srt`: the events read.
    static func readBack(_ source: String, size: String, fps: String, as kind: Track = .pgs, in dir: URL) throws -> [CaptionEvent] {
        let write = try CommandRunner.run(["convert", source, "-o", "t.sup", "--size", size, "--fps", fps], in: dir)
        try #require(write.status == 0, "\(write.stderr)")
        // -copyts keeps the times (ffmpeg would move the first cue to 0). For DVB, -fix_sub_duration ends
        // each picture at the PGS's clearing display set (without it ffmpeg's DVB encoder shows each
        // picture at the previous one's clear), and no mux delay (MPEG-TS would add 1.4 s).
        let made: (file: String, input: [String], output: [String])? = switch kind {
        case .pgs: nil
        case .vobSub: ("t.mkv", [], ["-c:s", "dvdsub"])
        case .dvb: ("t.ts", ["-fix_sub_duration"], ["-c:s", "dvbsub", "-muxdelay", "0", "-muxpreload", "0"])
        }
        var track = "t.sup"
        if let made {
            let ffmpeg = try CommandRunner.run(["-v", "error", "-copyts"] + made.input + ["-i", "t.sup"] + made.output + [made.file], in: dir,
                                               program: URL(fileURLWithPath: "/usr/bin/ffmpeg"))
            try #require(ffmpeg.status == 0, "\(ffmpeg.stderr)")
            track = made.file
        }
        let read = try CommandRunner.run(["convert", track, "-o", "back.srt"], in: dir)
        try #require(read.status == 0, "\(read.stderr)")
        return try CaptionFileReader.read(path: dir.appendingPathComponent("back.srt").path).document.events
    }

    @Test(arguments: [("1920x1080", Track.pgs), ("854x480", .pgs), ("1920x1080", .vobSub), ("1920x1080", .dvb)])
    func knownTextDrawnAsBitmapsIsReadBack(size: String, track: Track) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt(Self.lines).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let name = "\(track) \(size)"
        let events = try Self.readBack("in.srt", size: size, fps: "25", as: track, in: dir)
        expectEqual(events.count, Self.lines.count, "\(name): \(events.count) cues")
        expectTrue(events.allSatisfy { !$0.text.plain.isEmpty }, "\(name): an empty cue")
        // Every display set at the cue's own frame (25 fps): within one frame of the SRT's times. ffmpeg's
        // VobSub keeps no end (each packet lasts 2^32 - 1 ms, and no clearing packet is written): its
        // cues last until the next one.
        for (k, event) in events.enumerated() where k < Self.lines.count {
            expectTrue(abs(event.start - (1000 + k * 2500)) <= 40, "\(name): cue \(k + 1) starts at \(event.start)")
            // (The last one: 5 s, for want of anything else.)
            let end = track == .vobSub ? (k + 1 < Self.lines.count ? 1000 + (k + 1) * 2500 : event.start + 5000) : 3000 + k * 2500
            expectTrue(abs(event.end - end) <= 40, "\(name): cue \(k + 1) ends at \(event.end)")
        }
        let score = Self.score(events, against: Self.lines)
        print("[ocr \(name)] character error rate \(String(format: "%.2f", score.cer * 100)) % over \(Self.lines.count) cues; wrong: \(score.wrong)")
        expectTrue(score.cer <= 0.01, "\(name): \(score.wrong)")
    }

    /// A real film's subtitles (Sintel's 26, in Corpus/samples) drawn at 1280x720, 24 fps, and read back:
    /// the same text, each cue starting and ending within a frame of the file's times.
    @Test func sintelsSubtitlesComeBackAsTheyWere() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = CommandRunner.packageRoot.appendingPathComponent("Corpus/samples/sintel_en.srt").path
        let original = try CaptionFileReader.read(path: source).document.events
        let events = try Self.readBack(source, size: "1280x720", fps: "24", in: dir)
        expectEqual(events.count, original.count)
        for (event, cue) in zip(events, original) {
            expectTrue(abs(event.start - cue.start) <= 42 && abs(event.end - cue.end) <= 42, "\(cue.start): \(event.start)-\(event.end)")
        }
        let score = Self.score(events, against: original.map(\.text.plain))
        print("[ocr sintel] character error rate \(String(format: "%.2f", score.cer * 100)) % over \(original.count) cues; wrong: \(score.wrong)")
        expectTrue(score.cer <= 0.005, "\(score.wrong)")
    }

    /// Every third line in `<i>`: drawn slanted, read back as an italic span over the line (and the text
    /// read as well as upright text). Italics scored per cue: F1 of "has an italic span" against `<i>`.
    @Test(arguments: ["1920x1080", "854x480"])
    func italicLinesAreFoundAndReadUpright(size: String) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let italic = Self.lines.indices.map { $0 % 3 == 1 }
        let marked = zip(Self.lines, italic).map { $1 ? "<i>\($0)</i>" : $0 }
        try Self.srt(marked).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let events = try Self.readBack("in.srt", size: size, fps: "25", in: dir)
        try #require(events.count == Self.lines.count)
        let found = events.map { $0.text.spans.contains { $0.kind == .italic } }
        let tp = zip(found, italic).filter { $0 && $1 }.count, fp = zip(found, italic).filter { $0 && !$1 }.count
        let fn = zip(found, italic).filter { !$0 && $1 }.count
        let f1 = Double(2 * tp) / Double(max(1, 2 * tp + fp + fn))
        let score = Self.score(events, against: Self.lines)
        print("[ocr italics \(size)] F1 \(String(format: "%.2f", f1)) (\(tp) found, \(fp) false, \(fn) missed); character error rate \(String(format: "%.2f", score.cer * 100)) %; wrong: \(score.wrong)")
        expectTrue(f1 >= 0.9)
        expectTrue(score.cer <= 0.01, "\(score.wrong)")
    }

    /// Every third line in yellow and every third in light blue (`<font color>`): read back with a colour
    /// span of that colour (the PGS palette's rounding allowed), the white lines without one.
    @Test func colouredLinesKeepTheirColour() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let colours: [RGBAColor?] = Self.lines.indices.map {
            [nil, RGBAColor(red: 0xFF, green: 0xE0, blue: 0x00, alpha: 255), RGBAColor(red: 0x40, green: 0xC0, blue: 0xFF, alpha: 255)][$0 % 3]
        }
        let marked = zip(Self.lines, colours).map { line, colour in
            colour.map { String(format: "<font color=\"#%02x%02x%02x\">%@</font>", $0.red, $0.green, $0.blue, line) } ?? line
        }
        try Self.srt(marked).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let events = try Self.readBack("in.srt", size: "1920x1080", fps: "25", in: dir)
        try #require(events.count == Self.lines.count)
        for (k, (event, colour)) in zip(events, colours).enumerated() {
            let read = event.text.spans.compactMap { span -> RGBAColor? in if case .color(let c) = span.kind { c } else { nil } }
            guard let colour else {
                expectTrue(read.isEmpty, "cue \(k + 1) is white, read \(read)")
                continue
            }
            let close = read.count == 1 && abs(Int(read[0].red) - Int(colour.red)) <= 12 && abs(Int(read[0].green) - Int(colour.green)) <= 12
                && abs(Int(read[0].blue) - Int(colour.blue)) <= 12
            expectTrue(close, "cue \(k + 1): \(colour) read as \(read)")
        }
        let score = Self.score(events, against: Self.lines)
        print("[ocr colours] character error rate \(String(format: "%.2f", score.cer * 100)) %; wrong: \(score.wrong)")
        expectTrue(score.cer <= 0.01, "\(score.wrong)")
    }

    /// Colours inside a line (a name, a sound, a second speaker's words in their colour): read back as
    /// spans over those words, in their colour, and none over the white words; a line of one colour
    /// keeps one span over the line.
    @Test func coloursWithinALineStayOnTheirWords() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yellow = RGBAColor(red: 0xFF, green: 0xE0, blue: 0x00, alpha: 255), blue = RGBAColor(red: 0x40, green: 0xC0, blue: 0xFF, alpha: 255)
        let red = RGBAColor(red: 0xFF, green: 0x50, blue: 0x50, alpha: 255)
        func font(_ c: RGBAColor, _ text: String) -> String { String(format: "<font color=\"#%02x%02x%02x\">%@</font>", c.red, c.green, c.blue, text) }
        let cases: [(text: String, colored: [(String, RGBAColor)])] = [
            ("She met \(font(yellow, "Marguerite")) at the station", [("Marguerite", yellow)]),
            ("\(font(blue, "Blue words first")) then white ones", [("Blue words first", blue)]),
            ("White \(font(yellow, "yellow")) and \(font(blue, "blue")) here", [("yellow", yellow), ("blue", blue)]),
            (font(yellow, "A whole yellow line"), [("A whole yellow line", yellow)]),
            ("No colour in this line at all", []),
            ("\(font(red, "[door slams]")) Who is there", [("[door slams]", red)]),
            ("Two lines, the first white\n\(font(blue, "the second blue")) but this", [("the second blue", blue)]),
        ]
        try Self.srt(cases.map(\.text)).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        for size in ["1920x1080", "854x480"] {
            let events = try Self.readBack("in.srt", size: size, fps: "25", in: dir)
            try #require(events.count == cases.count, "\(size)")
            for (event, expected) in zip(events, cases) {
                let utf8 = Array(event.text.plain.utf8)
                let read = event.text.spans.compactMap { span -> (String, RGBAColor)? in
                    guard case .color(let c) = span.kind else { return nil }
                    return (String(decoding: utf8[span.start..<span.end], as: UTF8.self), c)
                }
                // Compared by their letters: punctuation stuck to a word is the recogniser's to get right or
                // wrong (`[door slams]` read as `[door slams]!` at 480p), and goes with its word.
                func letters(_ text: String) -> String { String(text.filter { $0.isLetter || $0 == " " }) }
                let same = read.count == expected.colored.count && zip(read, expected.colored).allSatisfy { r, e in
                    letters(r.0) == letters(e.0) && abs(Int(r.1.red) - Int(e.1.red)) <= 12 && abs(Int(r.1.green) - Int(e.1.green)) <= 12
                        && abs(Int(r.1.blue) - Int(e.1.blue)) <= 12
                }
                expectTrue(same, "\(size): \(event.text.plain.debugDescription) coloured \(read.map { "\($0.0) \($0.1)" }), expected \(expected.colored.map { "\($0.0) \($0.1)" })")
            }
        }
    }

    /// Italic words inside upright lines (a title, a foreign word, a stressed word): read back with
    /// italic spans over those words, not the line. Scored by word (a word is italic when an italic span
    /// covers it; punctuation stuck to a word counts with it): F1 of italic words against `<i>`.
    static let mixedLines = [
        "She said <i>never</i> again, and left.", "We watched <i>Casablanca</i> last night.", "<i>Bonjour</i>, said the old man.",
        "The ship was called <i>Endeavour</i>.", "I <i>told</i> you about this yesterday.", "<i>Run, run, run!</i> he shouted at them.",
        "They sang <i>Happy Birthday</i> twice.", "Have you read <i>Middlemarch</i> yet?", "Her name was <i>Marguerite</i>, not Margaret.",
        "He whispered <i>goodbye</i> and closed the door.", "The word <i>schadenfreude</i> has no English twin.", "Nothing in this line leans at all.",
    ]

    /// Each word of `text` (tags removed, split at spaces) and whether it is italic (its first letter
    /// inside `<i>`).
    static func markedWords(_ text: String) -> [(word: String, italic: Bool)] {
        var words: [(word: String, italic: Bool)] = []
        var italic = false, inWord = false
        var rest = Substring(text)
        while let c = rest.first {
            if rest.hasPrefix("<i>") { italic = true; rest = rest.dropFirst(3); continue }
            if rest.hasPrefix("</i>") { italic = false; rest = rest.dropFirst(4); continue }
            if c == " " { inWord = false } else if inWord { words[words.count - 1].word.append(c) } else {
                words.append((String(c), italic))
                inWord = true
            }
            rest = rest.dropFirst()
        }
        return words
    }

    @Test(arguments: ["1920x1080", "854x480"])
    func italicWordsInsideALineAreFound(size: String) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt(Self.mixedLines).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let events = try Self.readBack("in.srt", size: size, fps: "25", in: dir)
        try #require(events.count == Self.mixedLines.count)
        var tp = 0, fp = 0, fn = 0
        var wrong: [String] = []
        for (event, line) in zip(events, Self.mixedLines) {
            let truth = Self.markedWords(line)
            let text = event.text.plain
            var read: [Bool] = []
            var offset = 0
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                let range = offset..<(offset + word.utf8.count)
                if !word.isEmpty { read.append(event.text.spans.contains { $0.kind == .italic && $0.start <= range.lowerBound && $0.end >= range.upperBound }) }
                offset = range.upperBound + 1
            }
            guard read.count == truth.count else {
                fn += truth.filter(\.italic).count
                wrong.append("\(line) -> \(text) (\(read.count) words)")
                continue
            }
            tp += zip(read, truth).filter { $0 && $1.italic }.count
            fp += zip(read, truth).filter { $0 && !$1.italic }.count
            fn += zip(read, truth).filter { !$0 && $1.italic }.count
            if zip(read, truth).contains(where: { $0 != $1.italic }) { wrong.append("\(line) -> \(read)") }
        }
        let f1 = Double(2 * tp) / Double(max(1, 2 * tp + fp + fn))
        let score = Self.score(events, against: Self.mixedLines.map { $0.replacingOccurrences(of: "<i>", with: "").replacingOccurrences(of: "</i>", with: "") })
        print("[ocr italic words \(size)] F1 \(String(format: "%.2f", f1)) (\(tp) found, \(fp) false, \(fn) missed); character error rate \(String(format: "%.2f", score.cer * 100)) %; wrong: \(wrong) \(score.wrong)")
        expectTrue(f1 >= 0.9, "\(wrong)")
        expectTrue(score.cer <= 0.01, "\(score.wrong)")
    }

    /// Music notes around sung lines (which Tesseract's English model reads as `J`, `JS`, `f` or `IS`)
    /// come back as ♪, and letters that look a little like them at the ends of a line stay letters.
    @Test(arguments: ["1920x1080", "854x480"])
    func musicNotesComeBackAsNotes(size: String) throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = ["♪ Happy birthday to you ♪", "♪ We wish you a merry Christmas ♪", "♪♪", "♪ Singing in the rain",
                     "J is a letter, and so is f", "Is it f? Just J", "What was that sound? ?", "Really ♪", "Either this or that /",
                     "♫ Happy birthday to you ♫", "♬ We wish you a merry Christmas ♬", "♫♫", "♬ Singing in the rain", "♪ Sung on ♫",
                     "Many men, and no more than nine", "In the end HAMMER and ANVIL"]
        try Self.srt(lines).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let events = try Self.readBack("in.srt", size: size, fps: "25", in: dir)
        try #require(events.count == lines.count)
        let score = Self.score(events, against: lines)
        print("[ocr notes \(size)] character error rate \(String(format: "%.2f", score.cer * 100)) %; wrong: \(score.wrong)")
        for (event, line) in zip(events, lines) {
            expectEqual(event.text.plain.filter { "♪♫♬".contains($0) }, line.filter { "♪♫♬".contains($0) }, "\(line) -> \(event.text.plain)")
        }
        expectTrue(score.cer <= 0.02, "\(score.wrong)")
    }

    /// The dictionary's fixes are counted in one warning and listed, a line apiece with the cue's time,
    /// only with `--verbose`. (Debian 12's Tesseract reads this `1st` at 480p as `Ist`, which the
    /// dictionary turns back.)
    @Test func fixesAreCountedAndListedWithVerbose() throws {
        let dir = try CommandRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.srt(["She won 1st prize in 2019.", "The report is due on the 21st."]).write(to: dir.appendingPathComponent("in.srt"), atomically: true, encoding: .utf8)
        let write = try CommandRunner.run(["convert", "in.srt", "-o", "t.sup", "--size", "854x480", "--fps", "25"], in: dir)
        try #require(write.status == 0, "\(write.stderr)")

        let quiet = try CommandRunner.run(["convert", "t.sup", "-o", "back.srt"], in: dir)
        try #require(quiet.status == 0, "\(quiet.stderr)")
        let summary = try #require(quiet.stderr.split(separator: "\n").first { $0.contains("read by OCR fixed") }, "no fix reported: \(quiet.stderr)")
        let count = try #require(Int(summary.split(separator: " ").first { Int($0) != nil } ?? ""))
        expectTrue(summary.hasSuffix("(--verbose lists \(count == 1 ? "it" : "them"))"), "\(summary)")
        expectTrue(!quiet.stderr.contains(" -> "), "listed without --verbose: \(quiet.stderr)")

        let verbose = try CommandRunner.run(["convert", "t.sup", "-o", "back.srt", "--verbose"], in: dir)
        try #require(verbose.status == 0, "\(verbose.stderr)")
        let listed = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("captions:   ") }
        expectEqual(listed.count, count, "\(verbose.stderr)")
        expectTrue(listed.contains("captions:   Ist -> 1st (00:00:01.000)"), "\(verbose.stderr)")
        let back = try CaptionFileReader.read(path: dir.appendingPathComponent("back.srt").path).document.events
        expectEqual(back.first?.text.plain, "She won 1st prize in 2019.")
    }
}
