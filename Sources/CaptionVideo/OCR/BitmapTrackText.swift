import CaptionFormats
import CaptionModel
import CaptionSpelling
import Foundation

/// A bitmap subtitle track's display sets read as text: each picture shown becomes a cue from the set
/// that shows it to the set that clears or replaces it (or its own end, as VobSub gives), its lines
/// recognised one by one by Tesseract on every core, in the track's language, and the usual OCR
/// confusions undone where the language's Hunspell dictionary accepts the result (`OCRCorrections`).
/// A picture in the top third of the plane keeps its place (`\an8`); a line that leans is italic. A
/// picture whose text cannot be read keeps its cue, empty, with a warning naming its time: never
/// dropped silently.
///
/// Cues are recognised while the track is still being decoded (`add`, then `finish`): a cue's
/// pictures go to a worker as soon as its end is known (`ShownCues`) and are let go once read, and the
/// decoder waits while the workers are behind (`RecognitionQueue`). So a two-hour film holds a few
/// cues' pictures at a time, not the film's (hundreds of megabytes of 1080p pictures).
final class BitmapTrackText {
    /// One cue to recognise: its span and its pictures.
    struct Shown {
        var start: Milliseconds
        var end: Milliseconds
        var pictures: [SubtitlePicture]
    }

    /// A cue once read: its span, where its pictures sat, and its text.
    private struct Read {
        var start: Milliseconds
        var end: Milliseconds
        var top: Int?
        var bottom: Int?
        var text: CaptionText
        var fixes: [(read: String, meant: String)]
    }

    private let language: String
    private let name: String
    private let codec: String
    private var cues = ShownCues()
    /// Started at the first cue (loading a model takes a tenth of a second a worker).
    private var queue: RecognitionQueue<Shown, Read>?
    private var dictionary: SpellingDictionary?
    /// A recogniser that could not be made: thrown by `finish`, nothing more recognised.
    private var failure: VideoError?
    /// How many cues a worker may have waiting: enough to keep every worker busy.
    static let queuedPerWorker = 2

    init(language: String, name: String, codec: String) {
        self.language = language
        self.name = name
        self.codec = codec
    }

    /// Takes the track's next decoded display set.
    func add(_ set: PictureCue) {
        guard failure == nil else { return }
        cues.add(set) { submit($0) }
    }

    /// The cues read, once every set has been added.
    func finish(plane: (width: Int, height: Int)?, fileEnd: Milliseconds?) throws -> ParseResult {
        if failure == nil { cues.finish(fileEnd: fileEnd) { submit($0) } }
        let read = queue?.finish() ?? []
        if let failure { throw failure }
        guard !read.isEmpty else { throw CaptionFormatError(.malformed, "\(name) (\(codec)) shows no picture") }

        var document = CaptionDocument()
        var diagnostics: [Diagnostic] = []
        let fixes = read.flatMap { cue in cue.fixes.map { "\($0.read) -> \($0.meant) (\(Timecode.format(cue.start)))" } }
        if let dictionary {
            if !fixes.isEmpty {
                var warning = Diagnostic.warning(line: nil, "\(fixes.count) word\(fixes.count == 1 ? "" : "s") read by OCR fixed where the \(dictionary.name) dictionary accepts the fix")
                warning.details = fixes
                diagnostics.append(warning)
            }
        } else {
            diagnostics.append(.warning(line: nil, "no Hunspell dictionary for '\(language)' (Debian's hunspell-LL packages): the words read by OCR are not checked"))
        }
        for cue in read {
            var event = CaptionEvent(start: cue.start, end: cue.end, text: cue.text)
            if let plane, let top = cue.top, let bottom = cue.bottom, (top + bottom) / 2 < plane.height / 3 {
                var placement = CuePlacement()
                placement.anchor = 8
                event.placement = placement
            }
            if cue.text.plain.isEmpty {
                diagnostics.append(.warning(line: nil, "the picture shown at \(Timecode.format(cue.start)) has no text Tesseract could read; its cue is kept, empty"))
            }
            document.events.append(event)
        }
        return ParseResult(document: document, diagnostics: diagnostics, eventLines: [])
    }

    /// Lets the workers finish what is queued, then stop: for a track whose decoding failed.
    func abandon() {
        _ = queue?.finish()
        queue = nil
    }

    /// The most cues held at once, waiting for their end or for a worker: what stays flat however long
    /// the track is (for tests).
    var mostHeld: Int { cues.mostHeld + (queue?.mostQueued ?? 0) }

    private func submit(_ cue: Shown) {
        if queue == nil {
            dictionary = SpellingDictionary.forLanguage(language)
            do { queue = try Self.startQueue(language: language, dictionary: dictionary) } catch { failure = error }
        }
        queue?.submit(cue)
    }

    /// One recogniser per worker (each used by its worker's thread only) and the queue feeding them.
    private static func startQueue(language: String, dictionary: SpellingDictionary?) throws(VideoError) -> RecognitionQueue<Shown, Read> {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let recognizers = try (0..<workers).map { _ throws(VideoError) in try TextRecognizer(language: language) }
        return RecognitionQueue(workers: workers, capacity: workers * queuedPerWorker) { w, cue in
            let read = text(of: cue.pictures, with: recognizers[w], dictionary: dictionary)
            return Read(start: cue.start, end: cue.end, top: cue.pictures.map(\.y).min(),
                        bottom: cue.pictures.map { $0.y + $0.height }.max(), text: read.text, fixes: read.fixes)
        }
    }

    /// The lines of text in `pictures`, top to bottom, joined by line breaks, with italic spans over
    /// the words or lines that lean (`TextSlant`) and a colour span over each line not in white
    /// (`TextColor`).
    static func text(of pictures: [SubtitlePicture], with recognizer: TextRecognizer,
                     dictionary: SpellingDictionary?) -> (text: CaptionText, fixes: [(read: String, meant: String)]) {
        var plain = ""
        var spans: [TextSpan] = []
        var fixes: [(read: String, meant: String)] = []
        var read: [(text: String, italic: Bool, italicWords: [Bool]?, color: RGBAColor?, wordColors: [RGBAColor?]?)] = []
        for line in lines(of: pictures) {
            let recognised = recognizer.readWords(line.image)
            var text = OCRCorrections.corrected(line.withMusicNotes(recognised.text, words: recognised.words))
            if let dictionary {
                let fixed = OCRCorrections.fixed(text, dictionary: dictionary)
                text = fixed.line
                fixes += fixed.fixes
            }
            guard !text.isEmpty else { continue }
            read.append((text, line.italic, line.italicWords(recognised.words), line.color, line.wordColors(recognised.words)))
        }
        for (text, line) in zip(OCRCorrections.dialogueDashes(read.map(\.text)), read) {
            if !plain.isEmpty { plain += "\n" }
            let start = plain.utf8.count
            plain += text
            // The colour first: a span that starts with another and outlasts it is written around it.
            if let colors = line.wordColors, let words = wordSpans(text, from: start, values: colors, kind: { .color($0) }) {
                spans += words
            } else if let color = line.color {
                // Lines of one colour are one span (one `<font>` in SRT, as they were most likely written).
                if let last = spans.lastIndex(where: { if case .color = $0.kind { true } else { false } }),
                   spans[last].kind == .color(color), spans[last].end == start - 1 {
                    spans[last].end = plain.utf8.count
                } else {
                    spans.append(TextSpan(start: start, end: plain.utf8.count, kind: .color(color)))
                }
            }
            spans += italicSpans(text, from: start, line: line.italic, words: line.italicWords)
        }
        return (CaptionText(plain: plain, spans: spans), fixes)
    }

    /// The italic spans of a line read as `text` (at `start` in the cue's text): word by word where the
    /// line's words lean differently (a title or a foreign word inside a sentence) and the text has the
    /// words the recogniser found, else over the whole line when it leans.
    static func italicSpans(_ text: String, from start: Int, line italic: Bool, words: [Bool]?) -> [TextSpan] {
        if let words, words.contains(true), words.contains(false),
           let spans = wordSpans(text, from: start, values: words.map { $0 ? true : nil }, kind: { _ in .italic }) {
            return spans
        }
        return italic && !text.isEmpty ? [TextSpan(start: start, end: start + text.utf8.count, kind: .italic)] : []
    }

    /// Spans over the words of `text` (split at spaces; at `start` in the cue's text) whose value is
    /// not nil, one span over each run of words with the same value, the spaces between them included;
    /// nil when the text's words are not as many as the values (the recogniser's words and the text
    /// after corrections no longer match).
    static func wordSpans<Value: Equatable>(_ text: String, from start: Int, values: [Value?],
                                            kind: (Value) -> TextSpan.Kind) -> [TextSpan]? {
        let read = text.split(separator: " ")
        guard values.count == read.count else { return nil }
        var spans: [TextSpan] = []
        var previous: Value?
        for (word, value) in zip(read, values) {
            defer { previous = value }
            guard let value else { continue }
            let from = start + text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex)
            let to = from + word.utf8.count
            if previous == value { spans[spans.count - 1].end = to } else { spans.append(TextSpan(start: from, end: to, kind: kind(value))) }
        }
        return spans
    }

    /// The lines of `pictures` made ready for the recogniser, top to bottom (drawn shapes left out).
    static func lines(of pictures: [SubtitlePicture]) -> [PreparedLine] {
        guard let (ink, x, y) = TextImage.ink(of: pictures) else { return [] }
        return TextImage.lines(inInk: ink).compactMap { line in
            guard !TextImage.isSolid(ink, rows: line.rows, columns: line.columns) else { return nil }
            let shear = TextSlant.shear(of: ink, rows: line.rows, columns: line.columns)
            let color = TextColor.fill(of: pictures, origin: (x, y), ink: ink, rows: line.rows, columns: line.columns)
            var prepared = PreparedLine(image: TextImage.line(ink, rows: line.rows, columns: line.columns), ink: ink, rows: line.rows,
                                        columns: line.columns, straightened: 0, italic: shear >= TextSlant.italicShear, color: color,
                                        pictures: pictures, origin: (x, y))
            if abs(shear) >= TextSlant.italicShear / 2 {
                // Read upright: the recogniser reads leaning letters worse.
                let upright = TextSlant.straightened(ink, rows: line.rows, columns: line.columns, shear: shear)
                if let box = TextImage.lines(inInk: upright).first {
                    prepared.image = TextImage.line(upright, rows: 0..<upright.height, columns: box.columns)
                    (prepared.ink, prepared.rows, prepared.columns, prepared.straightened) = (upright, 0..<upright.height, box.columns, shear)
                }
            }
            return prepared
        }
    }
}
