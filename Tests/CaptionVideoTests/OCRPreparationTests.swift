import CaptionModel
import CaptionSpelling
import CaptionFormats
@testable import CaptionVideo
import CaptionExpectations
import Testing

/// What recognition is given: the ink of subtitle pictures (light over black, dark outlines and the
/// transparent ground dropped), its lines, and the fixes made without a dictionary.
@Suite struct OCRPreparationTests {
    static func picture(_ pixels: [[UInt8]], x: Int = 0, y: Int = 0, width: Int) -> SubtitlePicture {
        SubtitlePicture(x: x, y: y, width: width, height: pixels.count / width, rgba: pixels.flatMap { $0 })
    }

    /// Tesseract's own OpenMP threads are turned off through libgomp's symbol, looked up in libgomp:
    /// Tesseract is opened on first use with `RTLD_LOCAL`, where a global lookup finds nothing (and
    /// recognition then ran three times slower, most of it spinning in the kernel).
    @Test func openMPsSwitchIsFoundOnceTesseractIsLoaded() throws {
        _ = try TextRecognizer(language: "eng")
        expectTrue(TextRecognizer.setMaxActiveLevels != nil)
    }

    @Test func inkIsLightOverBlack() throws {
        let white: [UInt8] = [255, 255, 255, 255], outline: [UInt8] = [0, 0, 0, 255], yellow: [UInt8] = [255, 255, 0, 255]
        let halfWhite: [UInt8] = [255, 255, 255, 128], clear: [UInt8] = [255, 255, 255, 0]
        let (image, x, y) = try #require(TextImage.ink(of: [Self.picture([white, outline, yellow, halfWhite, clear], x: 7, y: 9, width: 5)]))
        expectTrue((x, y, image.width, image.height) == (7, 9, 5, 1))
        expectEqual(image.gray, [255, 0, 225, 128, 0])
    }

    @Test func picturesShareOnePlane() throws {
        let white: [UInt8] = [255, 255, 255, 255]
        let (image, x, y) = try #require(TextImage.ink(of: [Self.picture([white], x: 10, y: 20, width: 1),
                                                             Self.picture([white], x: 12, y: 23, width: 1)]))
        expectTrue((x, y, image.width, image.height) == (10, 20, 3, 4))
        expectEqual(image.gray.enumerated().filter { $0.element == 255 }.map(\.offset), [0, 11])
    }

    @Test func linesAreRowsOfInkWithSmallGapsJoined() {
        // Rows: an accent (1), a gap of 1, a 10-row line, a gap of 6, a 10-row line, a 1-row speck far below.
        var rows: [Bool] = [true, false] + Array(repeating: true, count: 10) + Array(repeating: false, count: 6)
        rows += Array(repeating: true, count: 10) + Array(repeating: false, count: 8) + [true]
        let width = 8
        var gray = [UInt8](repeating: 0, count: rows.count * width)
        for (row, inked) in rows.enumerated() where inked { for column in 2..<6 { gray[row * width + column] = 255 } }
        let lines = TextImage.lines(inInk: TextImage(width: width, height: rows.count, gray: gray))
        expectEqual(lines.map(\.rows), [0..<12, 18..<28])
        expectEqual(lines.map(\.columns), [2..<6, 2..<6])
    }

    @Test func aLineIsDarkOnWhiteScaledToTheRecognisersHeight() {
        let gray = [UInt8](repeating: 255, count: 4 * 12)
        let line = TextImage.line(TextImage(width: 4, height: 12, gray: gray), rows: 0..<12, columns: 0..<4)
        // 12 rows scaled 4x to 48, a white margin around the black box.
        expectTrue(line.height > 48 && line.width > 16)
        expectEqual(line.gray.filter { $0 == 0 }.count, 48 * 16)
        expectEqual(line.gray[0], 255)
    }

    @Test func aBarStandingForTheWordIIsI() {
        expectEqual(OCRCorrections.corrected("| can't hear you"), "I can't hear you")
        expectEqual(OCRCorrections.corrected("|'m here, |'ll wait"), "I'm here, I'll wait")
        expectEqual(OCRCorrections.corrected("Me? |!"), "Me? I!")
        expectEqual(OCRCorrections.corrected("a|b |x"), "a|b |x")
    }

    @Test func aPGSStreamIsKnownByItsFirstSegments() {
        // PCS of 19 bytes, then the next segment's magic.
        let pgs: [UInt8] = [0x50, 0x47, 0, 1, 0x5F, 0x90, 0, 0, 0, 0, 0x16, 0, 19] + Array(repeating: 0, count: 19) + [0x50, 0x47, 0, 0]
        expectEqual(ContainerSignature.name(of: pgs), "a PGS (.sup) file")
        expectNil(ContainerSignature.name(of: Array("PG-13 rating\n00:00:01,000 --> 00:00:02,000\n".utf8)))
    }

    /// Strokes 3 pixels wide, 40 tall, leaning `lean` (horizontal shift per row of height).
    static func strokes(lean: Double) -> TextImage {
        let width = 120, height = 40
        var gray = [UInt8](repeating: 0, count: width * height)
        for stroke in stride(from: 10, to: 100, by: 15) {
            for row in 0..<height {
                let x = stroke + Int((lean * Double(height - 1 - row)).rounded())
                for dx in 0..<3 { gray[row * width + x + dx] = 255 }
            }
        }
        return TextImage(width: width, height: height, gray: gray)
    }

    @Test func theLeanOfStrokesIsFoundAndUndone() {
        for lean in [0.0, 0.1, 0.2, 0.3] {
            let ink = Self.strokes(lean: lean)
            let found = TextSlant.shear(of: ink, rows: 0..<ink.height, columns: 0..<ink.width)
            expectTrue(abs(found - lean) <= 0.0125 + 1e-9, "lean \(lean): found \(found)")
            expectEqual((found >= TextSlant.italicShear), (lean >= 0.1), "lean \(lean)")
            // Straightened, the strokes stand in 3-pixel columns again.
            let upright = TextSlant.straightened(ink, rows: 0..<ink.height, columns: 0..<ink.width, shear: found)
            let inkedColumns = (0..<upright.width).filter { c in (0..<upright.height).contains { upright.gray[$0 * upright.width + c] >= 128 } }
            expectTrue(inkedColumns.count <= 6 * 5, "lean \(lean): \(inkedColumns.count) columns")
        }
    }

    @Test func aFilledBoxIsNotText() {
        let box = TextImage(width: 10, height: 4, gray: [UInt8](repeating: 255, count: 40))
        expectTrue(TextImage.isSolid(box, rows: 0..<4, columns: 0..<10))
        let strokes = Self.strokes(lean: 0)
        expectTrue(!TextImage.isSolid(strokes, rows: 0..<strokes.height, columns: 10..<98))
    }

    /// The usual confusions undone only where the en_US dictionary (installed by `make deps`) accepts
    /// exactly one way of undoing them; words it accepts, numbers and hopeless words stand.
    @Test func confusionsAreUndoneWhereTheDictionaryAcceptsOneFix() throws {
        let dictionary = try #require(SpellingDictionary.forLanguage("eng"))
        expectEqual(dictionary.name, "en_US")
        for (read, meant, count) in [("She won Ist prize in 2019.", "She won 1st prize in 2019.", 1), ("Turn Ieft, then rnove.", "Turn left, then move.", 2),
                                     ("\"Hello,\" she said.", "\"Hello,\" she said.", 0), ("Qwxz 42 9.99", "Qwxz 42 9.99", 0)] {
            let fixed = OCRCorrections.fixed(read, dictionary: dictionary)
            expectTrue(fixed.line == meant && fixed.fixes.count == count, "\(read): \(fixed)")
        }
        // Two readings the dictionary takes (modern and modem): left as read.
        expectEqual(OCRCorrections.fixed("rnodern", dictionary: dictionary).line, "rnodern")
    }

    @Test func aCuesDialogueDashesAreWrittenOneWay() {
        expectEqual(OCRCorrections.dialogueDashes(["- Are you coming?", "-In a minute!"]), ["- Are you coming?", "- In a minute!"])
        expectEqual(OCRCorrections.dialogueDashes(["-Are you coming?", "-In a minute!"]), ["-Are you coming?", "-In a minute!"])
        expectEqual(OCRCorrections.dialogueDashes(["Well-known -", "- Yes."]), ["Well-known -", "- Yes."])
        expectEqual(OCRCorrections.dialogueDashes(["- No.", "--- not a dash line"]), ["- No.", "--- not a dash line"])
    }

    /// A line's colour is its letters' fill: the outline, the anti-aliased edge and the ground do not
    /// count, and white (the default) is no colour.
    @Test func aLinesColourIsItsFill() throws {
        let yellow: [UInt8] = [255, 224, 0, 255], edge: [UInt8] = [128, 112, 0, 255], outline: [UInt8] = [0, 0, 0, 255]
        let clear: [UInt8] = [0, 0, 0, 0], white: [UInt8] = [250, 250, 250, 255], blue: [UInt8] = [64, 192, 255, 255]
        func colour(_ row: [[UInt8]]) throws -> RGBAColor? {
            let picture = Self.picture(row, x: 3, y: 5, width: row.count)
            let (ink, x, y) = try #require(TextImage.ink(of: [picture]))
            return TextColor.fill(of: [picture], origin: (x, y), ink: ink, rows: 0..<1, columns: 0..<row.count)
        }
        expectTrue(try colour([clear, outline, edge, yellow, yellow, edge, outline, clear]) == RGBAColor(red: 255, green: 224, blue: 0, alpha: 255))
        expectTrue(try colour([outline, white, white, outline]) == nil)
        expectTrue(try colour([outline, blue, blue, blue, outline]) == RGBAColor(red: 64, green: 192, blue: 255, alpha: 255))
        // Two pictures on one plane: only the line's columns count.
        let left = Self.picture([yellow, yellow], x: 0, y: 0, width: 2), right = Self.picture([blue, blue], x: 10, y: 0, width: 2)
        let (ink, x, y) = try #require(TextImage.ink(of: [left, right]))
        expectEqual(TextColor.fill(of: [left, right], origin: (x, y), ink: ink, rows: 0..<1, columns: 10..<12), RGBAColor(red: 64, green: 192, blue: 255, alpha: 255))
    }

    /// Spans over runs of words with the same value, the spaces between them inside, at the line's
    /// place in the cue; none when the words and the values do not pair up.
    @Test func wordSpansCoverRunsOfAlikeWords() {
        let spans = BitmapTrackText.wordSpans("ab cd ef gh", from: 10, values: [nil, 1, 1, 2], kind: { .fontScale(Double($0)) })
        expectEqual(spans, [TextSpan(start: 13, end: 18, kind: .fontScale(1)), TextSpan(start: 19, end: 21, kind: .fontScale(2))])
        expectNil(BitmapTrackText.wordSpans("ab cd", from: 0, values: [1, nil, 1], kind: { .fontScale(Double($0)) }))
        expectEqual(BitmapTrackText.wordSpans("ab cd", from: 0, values: [Int?.none, nil], kind: { .fontScale(Double($0)) }), [])
        expectTrue(TextColor.alike(RGBAColor(red: 255, green: 224, blue: 0, alpha: 255), RGBAColor(red: 250, green: 210, blue: 20, alpha: 255)))
        expectTrue(!TextColor.alike(RGBAColor(red: 255, green: 224, blue: 0, alpha: 255), nil))
        expectTrue(TextColor.alike(nil, nil))
        // Darker by anti-aliasing, the same balance of channels: grey is white, dark yellow is yellow.
        expectTrue(TextColor.alike(RGBAColor(red: 194, green: 194, blue: 194, alpha: 255), nil))
        expectTrue(TextColor.alike(RGBAColor(red: 194, green: 170, blue: 0, alpha: 255), RGBAColor(red: 255, green: 224, blue: 0, alpha: 255)))
        expectTrue(!TextColor.alike(RGBAColor(red: 255, green: 80, blue: 80, alpha: 255), RGBAColor(red: 255, green: 224, blue: 0, alpha: 255)))
        expectTrue(!TextColor.alike(RGBAColor(red: 64, green: 192, blue: 255, alpha: 255), nil))
    }

    /// A word box from the recogniser anywhere (past either end of the line, or reversed) maps onto
    /// columns inside the line.
    @Test func wordBoxesMapInsideTheLine() throws {
        let ink = TextImage(width: 40, height: 10, gray: [UInt8](repeating: 255, count: 400))
        let line = BitmapTrackText.PreparedLine(image: ink, ink: ink, rows: 0..<10, columns: 5..<30, straightened: 0, italic: false, color: nil,
                                                  pictures: [], origin: (0, 0))
        for (left, right) in [(-500, -400), (-10, 5000), (4000, 5000), (300, 10)] {
            let columns = line.inkColumns(("x", left, right))
            expectTrue((5...30).contains(columns.left) && (5...30).contains(columns.right), "\((left, right)) -> \(columns)")
        }
        // And what reads them: no word, no note, nothing read out of the line.
        expectEqual(line.withMusicNotes("x y", words: [("x", -500, -400), ("y", 4000, 5000)]), "x y")
        expectNil(line.italicWords([("ab", 4000, 5000), ("bd", -10, 5000)]))
    }

    /// Words that cannot tell their lean take it from the words around them: italic only between italic
    /// words when the line mixes; the line's own lean when every word that can tell agrees.
    @Test func wordsThatCannotTellTakeTheirNeighbours() {
        let italic = 0.2, upright = 0.0
        expectEqual(TextSlant.italicWords([upright, upright, italic, nil]), [false, false, true, false], "\"Have you read Middlemarch yet?\"")
        expectEqual(TextSlant.italicWords([upright, italic, nil, italic, upright]), [false, true, true, true, false], "inside a title")
        expectNil(TextSlant.italicWords([nil, nil, italic, nil, italic, italic, nil]), "every word that can tell leans")
        expectNil(TextSlant.italicWords([upright, nil, upright]))
        expectNil(TextSlant.italicWords([nil, nil]))
    }
}
