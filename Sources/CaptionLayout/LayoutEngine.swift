import CaptionModel
import CaptionStyles

/// Lays out a caption: text and style in, glyphs, words and lines in frame pixels out. The native
/// renderer draws these glyphs and the ASS writer places words with the same layout, so both agree.
///
/// The pipeline (`layout`), each step in its own file:
/// 1. normalize the text and find its words and break opportunities (`CaptionWords`);
/// 2. resolve the style's fonts (`FontResolver`);
/// 3. per paragraph: bidi levels (`BidiParagraph`), a font per character, runs of one font, level
///    and script, shaped by HarfBuzz (`Shaper`), then measured into words and the spaces between;
/// 4. wrap each paragraph by width inside the safe area (`LineWrapper`);
/// 5. per line: order its runs visually (`BidiParagraph.visualOrder`) and set pen positions;
/// 6. align the lines by the anchor and margins, and stack them by the line spacing;
/// 7. collect glyphs, word boxes, line boxes and the block's bounds.
///
/// Lengths in the style are pixels of a frame whose shorter side is 1080, multiplied by
/// `min(frameWidth, frameHeight) / 1080`. Positions are unrounded Doubles and depend only on the
/// request and the font files: the same request always gives the same layout.
public final class LayoutEngine: Sendable {
    public let resolver: FontResolver

    /// The factor every style length is multiplied by for a frame of this size.
    public static func frameScale(width: Double, height: Double) -> Double { min(width, height) / 1080 }

    public init(resolver: FontResolver = .shared) {
        self.resolver = resolver
    }

    /// A caption event in a style: its plain text, and its word timings' words when it has them.
    public func layout(_ event: CaptionEvent, style: CaptionStyle, frameWidth: Double, frameHeight: Double) throws(FontError) -> TextLayout {
        try layout(LayoutRequest(text: event.text.plain, words: event.words.isEmpty ? nil : event.words.map(\.text),
                                 style: style, frameWidth: frameWidth, frameHeight: frameHeight))
    }

    /// Lays out the request. Throws only when no font at all can be found; everything else that goes
    /// wrong (a missing family, a character no font has, words that do not match) is a warning.
    public func layout(_ request: LayoutRequest) throws(FontError) -> TextLayout {
        let style = request.style
        let frame = Frame(request)
        // The size the compiled ASS prints and libass reads (see ASSNumber).
        let fontSize = ASSNumber.read(style.fontSize * frame.scale)

        let words = CaptionWords(text: request.text, words: request.words, uppercase: style.uppercase)
        let fonts = try resolver.chain(for: style)
        var warnings = fonts.warnings + words.warnings

        let faces = try WordFaces(request, words: words, fonts: fonts, fontSize: fontSize, scale: frame.scale, resolver: resolver)
        warnings += faces.warnings

        var paragraphs: [MeasuredParagraph] = []
        for p in words.paragraphs.indices {
            let paragraph = MeasuredParagraph(words, paragraph: p, fonts: fonts, resolver: resolver, fontSize: fontSize,
                                              wordSpacing: LibassGrid.snap(style.wordSpacing * frame.scale), language: request.language,
                                              faces: faces, shaping: request.shaping)
            for scalar in paragraph.missing where !warnings.contains(.missingGlyph(scalar)) {
                warnings.append(.missingGlyph(scalar))
            }
            paragraphs.append(paragraph)
        }

        var lines: [LineDraft] = []
        for paragraph in paragraphs {
            lines += paragraph.lines(maxWidth: frame.safeWidth, balance: style.paging.balanceLines)
        }

        let primary = fonts.fonts[0].face
        let metrics = LineMetrics(face: primary, fontSize: fontSize, lineSpacing: style.lineSpacing)
        // A line with a word the markup makes larger (`<font size>`) grows by that word, as players grow it.
        let growth = lines.map { line -> Double in
            line.words.map { request.scales[$0] ?? 1 }.max().map { max($0, 1) - 1 } ?? 0
        }
        let placement = Placement(anchor: style.anchor, frame: frame, metrics: metrics, lineCount: lines.count, growth: growth)
        return assemble(words: words, paragraphs: paragraphs, lines: lines, placement: placement,
                        fontSize: fontSize, scale: frame.scale, face: primary, warnings: warnings)
    }

    // MARK: Step 7: the result

    private func assemble(words: CaptionWords, paragraphs: [MeasuredParagraph], lines drafts: [LineDraft],
                          placement: Placement, fontSize: Double, scale: Double, face: FontFace,
                          warnings: [LayoutWarning]) -> TextLayout {
        var glyphs: [PositionedGlyph] = []
        var laidOutWords: [LaidOutWord] = []
        var lines: [LaidOutLine] = []
        laidOutWords.reserveCapacity(words.words.count)

        for (lineIndex, draft) in drafts.enumerated() {
            let paragraph = paragraphs[draft.paragraph]
            // On libass's 1/64 px grid, where the ASS `\pos` of each word lands too.
            let x = LibassGrid.snap(placement.x(forLineWidth: draft.width))
            let baseline = LibassGrid.snap(placement.baseline(ofLine: lineIndex))
            let top = baseline - placement.metrics.ascender, bottom = baseline + placement.metrics.descender
            lines.append(LaidOutLine(baseline: baseline, x: x, width: draft.width, top: top, bottom: bottom,
                                     wordRange: draft.words, direction: paragraph.bidi.direction))

            var previousRight = x
            for w in draft.words {
                let firstGlyph = glyphs.count
                var left = Double.infinity, right = -Double.infinity
                var ink: LayoutRect?
                for g in paragraph.glyphs(ofWord: w) {
                    let shaped = paragraph.glyphs[g]
                    let pen = x + draft.pen(ofGlyph: g)
                    let origin = (x: pen + shaped.xOffset, y: baseline - shaped.yOffset)
                    let glyphInk = shaped.ink.map {
                        LayoutRect(minX: origin.x + $0.minX, minY: origin.y - $0.maxY, maxX: origin.x + $0.maxX, maxY: origin.y - $0.minY)
                    }
                    if let glyphInk { ink = ink.map { $0.union(glyphInk) } ?? glyphInk }
                    left = min(left, pen)
                    right = max(right, pen + shaped.advance)
                    glyphs.append(PositionedGlyph(
                        face: shaped.font.face, glyphID: shaped.glyphID, x: origin.x, y: origin.y, advance: shaped.advance,
                        fontSize: shaped.size, wordIndex: w, characterIndex: paragraph.start + shaped.character, inkBox: glyphInk,
                        kerning: shaped.adjustment))
                }
                if left > right { left = previousRight; right = previousRight } // a word with no glyphs
                previousRight = right
                let range = words.words[w]
                let level = range.isEmpty ? 0 : paragraph.bidi.levels[range.lowerBound - paragraph.start]
                laidOutWords.append(LaidOutWord(
                    text: String(words.characters[range]), characterRange: range, lineIndex: lineIndex,
                    glyphRange: firstGlyph..<glyphs.count,
                    box: LayoutRect(minX: left, minY: top, maxX: right, maxY: bottom), inkBox: ink,
                    direction: BidiParagraph.isRightToLeft(level) ? .rightToLeft : .leftToRight))
            }
        }

        let bounds = lines.map(\.box).reduce(nil) { $0?.union($1) ?? $1 }
            ?? LayoutRect(x: placement.x(forLineWidth: 0), y: placement.baseline(ofLine: 0), width: 0, height: 0)
        let inkBounds = laidOutWords.compactMap(\.inkBox).reduce(nil) { $0?.union($1) ?? $1 }
        return TextLayout(text: words.text, glyphs: glyphs, words: laidOutWords, lines: lines, bounds: bounds,
                          inkBounds: inkBounds, scale: scale, fontSize: fontSize, face: face, warnings: warnings)
    }
}

// MARK: Step 3: one paragraph shaped and measured

/// A paragraph's characters with fonts, bidi levels and shaped glyphs, and each word's and space's
/// width.
struct MeasuredParagraph {
    /// The paragraph's index in `CaptionWords.paragraphs`.
    let paragraphIndex: Int
    /// The paragraph's first character in the whole text; glyph and bidi indices are relative to it.
    let start: Int
    let bidi: BidiParagraph
    let runs: [ShapingRun]
    /// All glyphs in logical order (see `Shaper.shape`); a space's glyph carries the word spacing in
    /// its advance.
    let glyphs: [ShapedGlyph]
    /// The paragraph's words (indices into `CaptionWords.words`).
    let words: Range<Int>
    /// For each word in `words`: its width, the width of the space before it, whether a line may
    /// break before it, and its glyphs (a range of `glyphs`).
    let wordWidths: [Double]
    let spaceWidths: [Double]
    let breakBefore: [Bool]
    let wordGlyphs: [Range<Int>]
    /// Characters no font has.
    let missing: [Unicode.Scalar]

    init(_ text: CaptionWords, paragraph p: Int, fonts: ResolvedChain, resolver: FontResolver, fontSize: Double,
         wordSpacing: Double, language: String?, faces wordFaces: WordFaces = WordFaces(), shaping: TextShaping = .complex) {
        let range = text.paragraphs[p]
        let start = range.lowerBound
        paragraphIndex = p
        self.start = start
        let paragraph = ParagraphText(text.characters[range])
        bidi = BidiParagraph(scalars: paragraph.scalars, characterStarts: Array(paragraph.characterStarts.dropLast()))

        // A font per character, then runs where the font, level or script changes.
        var missing: [Unicode.Scalar] = []
        // A word in another face (emphasis, italic or bold markup) takes its fonts and size.
        let faces = paragraph.characters.indices.map { wordFaces.face(ofCharacter: start + $0) }
        let characterFonts = paragraph.characters.indices.map { i in
            let choice = (faces[i]?.fonts ?? fonts).font(for: paragraph.characters[i], resolver: resolver)
            if let scalar = choice.missing, !missing.contains(scalar) { missing.append(scalar) }
            return choice.font
        }
        let sizes = faces.map { $0?.size ?? fontSize }
        self.missing = missing
        let scripts = Shaper.scripts(paragraph)
        var runs: [ShapingRun] = []
        for i in paragraph.characters.indices {
            if let last = runs.last, last.font === characterFonts[i], last.level == bidi.levels[i], last.script == scripts[i],
               last.size == sizes[i] {
                runs[runs.count - 1].characters = last.characters.lowerBound..<(i + 1)
            } else {
                runs.append(ShapingRun(characters: i..<(i + 1), font: characterFonts[i], level: bidi.levels[i], script: scripts[i],
                                       size: sizes[i]))
            }
        }
        self.runs = runs
        var glyphs = Shaper.shape(paragraph, runs: runs, language: language, bidi: bidi, shaping: shaping)

        // Words of this paragraph, and the word spacing on each space between words (on the first
        // glyph of the space's cluster).
        let first = text.paragraphOfWord.firstIndex { $0 >= p } ?? text.words.count
        var end = first
        while end < text.words.count, text.paragraphOfWord[end] == p { end += 1 }
        words = first..<end
        var spaced = Set<Int>()
        for w in words where text.spaceBefore[w] { spaced.insert(text.words[w - 1].upperBound - start) }
        for g in glyphs.indices where spaced.remove(glyphs[g].character) != nil {
            glyphs[g].advance += wordSpacing
        }
        self.glyphs = glyphs

        // Widths: a character's advance is its cluster's glyphs' advances.
        var characterAdvance = [Double](repeating: 0, count: range.count)
        for glyph in glyphs { characterAdvance[glyph.character] += glyph.advance }
        func width(_ characters: Range<Int>) -> Double {
            characters.reduce(0) { $0 + characterAdvance[$1 - start] }
        }
        var wordWidths: [Double] = [], spaceWidths: [Double] = [], breakBefore: [Bool] = [], wordGlyphs: [Range<Int>] = []
        var g = 0
        for w in words {
            let characters = text.words[w]
            wordWidths.append(width(characters))
            spaceWidths.append(w == first ? 0 : width(text.words[w - 1].upperBound..<characters.lowerBound))
            breakBefore.append(w != first && text.breakBefore[w])
            // Glyphs are in logical order (their characters never decrease), so a word's glyphs are
            // consecutive; a word without glyphs gets an empty range where it stands.
            while g < glyphs.count, glyphs[g].character < characters.lowerBound - start { g += 1 }
            let lower = g
            while g < glyphs.count, glyphs[g].character < characters.upperBound - start { g += 1 }
            wordGlyphs.append(lower..<g)
        }
        self.wordWidths = wordWidths
        self.spaceWidths = spaceWidths
        self.breakBefore = breakBefore
        self.wordGlyphs = wordGlyphs
    }

    func glyphs(ofWord w: Int) -> Range<Int> { wordGlyphs[w - words.lowerBound] }

    // MARK: Steps 4 and 5: lines

    /// The paragraph wrapped into lines, each with its glyphs' pen positions from the line's left edge.
    func lines(maxWidth: Double, balance: Bool) -> [LineDraft] {
        guard !words.isEmpty else {
            return [LineDraft(paragraph: paragraphIndex, words: words, width: 0, firstGlyph: 0, pen: [])]
        }
        // Break units: words with no break opportunity between them.
        var unitStarts: [Int] = [], unitWidths: [Double] = [], unitSpaces: [Double] = []
        for i in wordWidths.indices {
            if i == 0 || breakBefore[i] {
                unitStarts.append(i)
                unitWidths.append(wordWidths[i])
                unitSpaces.append(spaceWidths[i])
            } else {
                unitWidths[unitWidths.count - 1] += spaceWidths[i] + wordWidths[i]
            }
        }
        let lineStarts = LineWrapper.lineStarts(widths: unitWidths, spaces: unitSpaces, maxWidth: maxWidth, balance: balance)
        return lineStarts.indices.map { k in
            let firstWord = unitStarts[lineStarts[k]]
            let endWord = k + 1 < lineStarts.count ? unitStarts[lineStarts[k + 1]] : wordWidths.count
            return line(words: (words.lowerBound + firstWord)..<(words.lowerBound + endWord))
        }
    }

    /// One line's pen positions: the glyphs from its first word's first to its last word's last (the
    /// spaces between included), grouped into pieces of one run, the pieces in visual order by rule
    /// L2, each piece's glyphs left to right.
    private func line(words lineWords: Range<Int>) -> LineDraft {
        let firstGlyph = glyphs(ofWord: lineWords.lowerBound).lowerBound
        let endGlyph = glyphs(ofWord: lineWords.upperBound - 1).upperBound
        var pieces: [(level: UInt8, glyphs: [Int])] = []
        var g = firstGlyph
        while g < endGlyph {
            let run = glyphs[g].run
            var piece: [Int] = []
            while g < endGlyph, glyphs[g].run == run { piece.append(g); g += 1 }
            let level = runs[run].level
            pieces.append((level, BidiParagraph.isRightToLeft(level) ? piece.reversed() : piece))
        }
        var pen = [Double](repeating: 0, count: endGlyph - firstGlyph)
        var x = 0.0
        for p in BidiParagraph.visualOrder(levels: pieces.map(\.level)) {
            for g in pieces[p].glyphs {
                pen[g - firstGlyph] = x
                x += glyphs[g].advance
            }
        }
        return LineDraft(paragraph: paragraphIndex, words: lineWords, width: x, firstGlyph: firstGlyph, pen: pen)
    }
}

/// A line before placement: its words, its width, and its glyphs' pen x from its left edge.
struct LineDraft {
    let paragraph: Int
    let words: Range<Int>
    let width: Double
    /// The line's first glyph in the paragraph's glyphs; `pen[i]` is the pen x of glyph `firstGlyph + i`.
    let firstGlyph: Int
    let pen: [Double]

    func pen(ofGlyph g: Int) -> Double { pen[g - firstGlyph] }
}

// MARK: Step 6: placement

/// The frame, its scale, and the safe area inside the margins.
struct Frame {
    let width: Double
    let height: Double
    let scale: Double
    let left: Double, right: Double, top: Double, bottom: Double

    init(_ request: LayoutRequest) {
        width = request.frameWidth
        height = request.frameHeight
        scale = LayoutEngine.frameScale(width: width, height: height)
        let style = request.style
        left = style.marginLeft * scale
        right = width - style.marginRight * scale
        top = style.marginTop * scale
        bottom = height - style.marginBottom * scale
    }

    var safeWidth: Double { right - left }
}

/// The main font's vertical metrics at the size, and the distance between baselines.
struct LineMetrics {
    let ascender: Double
    let descender: Double
    let lineHeight: Double

    init(face: FontFace, fontSize: Double, lineSpacing: Double) {
        // libass's line ascender and descender (rounded to 1/64 px), so baselines agree with it.
        ascender = face.libassAscender(size: fontSize)
        descender = face.libassDescender(size: fontSize)
        lineHeight = lineSpacing * fontSize
    }
}

/// Where lines go for a numeric-keypad anchor: columns left, centre, right within the safe area;
/// rows bottom (the last line's descender on the bottom margin), middle (the block centred between
/// the margins), top (the first line's ascender on the top margin).
/// A line whose words the markup makes larger (`growth`: its largest scale less one) takes that much
/// more of the ascender above its baseline and of the descender below, and the block grows from its
/// anchor (up from the bottom margin, down from the top, both ways from the middle).
struct Placement {
    let frame: Frame
    let metrics: LineMetrics
    let column: Int
    let firstBaseline: Double
    /// Each line's baseline below the first, the line spacing and the growth of the lines so far.
    private let offsets: [Double]

    init(anchor: Int, frame: Frame, metrics: LineMetrics, lineCount: Int, growth: [Double] = []) {
        let anchor = (1...9).contains(anchor) ? anchor : 2
        self.frame = frame
        self.metrics = metrics
        column = (anchor - 1) % 3
        // The growth apart from the spacing, so lines that do not grow sit exactly where they did.
        var offsets: [Double] = [], grown = 0.0
        for i in 0..<max(lineCount, 1) {
            let g = i < growth.count ? growth[i] : 0
            if i > 0 { grown += g * metrics.ascender }
            offsets.append(Double(i) * metrics.lineHeight + grown)
            grown += g * metrics.descender
        }
        self.offsets = offsets
        let extraAbove = (growth.first ?? 0) * metrics.ascender
        // From the first baseline to the last baseline, and the last line's grown descender.
        let stack = Double(max(lineCount - 1, 0)) * metrics.lineHeight + grown
        switch (anchor - 1) / 3 {
        case 0: firstBaseline = frame.bottom - metrics.descender - stack
        case 1: firstBaseline = (frame.top + frame.bottom) / 2 - (stack + extraAbove + metrics.ascender + metrics.descender) / 2
            + extraAbove + metrics.ascender
        default: firstBaseline = frame.top + metrics.ascender + extraAbove
        }
    }

    func baseline(ofLine i: Int) -> Double {
        firstBaseline + (i < offsets.count ? offsets[i] : offsets[offsets.count - 1] + Double(i - offsets.count + 1) * metrics.lineHeight)
    }

    /// The line's left edge. A line wider than the safe area (one over-long word) keeps its alignment
    /// but is moved inside the frame when it fits there.
    func x(forLineWidth width: Double) -> Double {
        var x: Double
        switch column {
        case 0: x = frame.left
        case 1: x = frame.left + (frame.safeWidth - width) / 2
        default: x = frame.right - width
        }
        if width > frame.safeWidth, width <= frame.width { x = min(max(x, 0), frame.width - width) }
        return x
    }
}
