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
/// Every picture is held until all are read: a film's worth of 1080p pictures is hundreds of megabytes
/// (recognising while decoding is still to come).
enum BitmapTrackText {
    /// One cue to recognise: its span and its pictures.
    struct Shown {
        var start: Milliseconds
        var end: Milliseconds
        var pictures: [SubtitlePicture]
    }

    static func read(_ sets: [PictureCue], plane: (width: Int, height: Int)?, language: String, fileEnd: Milliseconds?,
                     name: String, codec: String) throws -> ParseResult {
        let shown = Self.shown(sets, fileEnd: fileEnd)
        guard !shown.isEmpty else { throw CaptionFormatError(.malformed, "\(name) (\(codec)) shows no picture") }
        // One recogniser per worker (loading a model takes a tenth of a second); cues dealt out in turn.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, shown.count))
        let recognizers = try (0..<workers).map { _ throws(VideoError) in try TextRecognizer(language: language) }
        let boxes = recognizers.map(RecognizerBox.init)
        let dictionary = SpellingDictionary.forLanguage(language)
        let texts = ParallelSlots.map(workers) { w in
            stride(from: w, to: shown.count, by: workers).map { k in
                (k, text(of: shown[k].pictures, with: boxes[w].recognizer, dictionary: dictionary))
            }
        }
        var lines = [CaptionText](repeating: CaptionText(plain: ""), count: shown.count)
        var fixes: [(cue: Int, text: String)] = []
        for part in texts {
            for (k, read) in part {
                lines[k] = read.text
                fixes += read.fixes.map { (k, "\($0.read) -> \($0.meant) (\(Timecode.format(shown[k].start)))") }
            }
        }
        // In the order of the cues (the workers read them interleaved), each cue's in reading order.
        let listed = fixes.enumerated().sorted { ($0.element.cue, $0.offset) < ($1.element.cue, $1.offset) }.map(\.element.text)

        var document = CaptionDocument()
        var diagnostics: [Diagnostic] = []
        if let dictionary {
            if !fixes.isEmpty {
                diagnostics.append(.warning(line: nil, "\(fixes.count) word\(fixes.count == 1 ? "" : "s") read by OCR fixed where the \(dictionary.name) dictionary accepts the fix: \(listed.joined(separator: ", "))"))
            }
        } else {
            diagnostics.append(.warning(line: nil, "no Hunspell dictionary for '\(language)' (Debian's hunspell-LL packages): the words read by OCR are not checked"))
        }
        for (k, cue) in shown.enumerated() {
            var event = CaptionEvent(start: cue.start, end: cue.end, text: lines[k])
            if let plane, let top = cue.pictures.map(\.y).min(), let bottom = cue.pictures.map({ $0.y + $0.height }).max(),
               (top + bottom) / 2 < plane.height / 3 {
                var placement = CuePlacement()
                placement.anchor = 8
                event.placement = placement
            }
            if lines[k].plain.isEmpty {
                diagnostics.append(.warning(line: nil, "the picture shown at \(Timecode.format(cue.start)) has no text Tesseract could read; its cue is kept, empty"))
            }
            document.events.append(event)
        }
        return ParseResult(document: document, diagnostics: diagnostics, eventLines: [])
    }

    /// The display sets as cues: each set with pictures until the next set (or its own end, if sooner),
    /// the same pictures shown again (a palette change, a fade) joined into one cue.
    static func shown(_ sets: [PictureCue], fileEnd: Milliseconds?) -> [Shown] {
        let sorted = sets.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var shown: [Shown] = []
        for (k, set) in sorted.enumerated() where !set.pictures.isEmpty {
            let next = sorted[(k + 1)...].first { $0.start > set.start }?.start
            // ffmpeg writes "until cleared" as a duration of 2^32 - 1 ms (VobSub in Matroska), and the
            // file's duration follows it: an end a day or more away is no end.
            func plausible(_ end: Milliseconds?) -> Milliseconds? {
                end.flatMap { $0 > set.start && $0 - set.start < 86_400_000 ? $0 : nil }
            }
            let end = [plausible(set.end), next].compactMap { $0 }.min() ?? plausible(fileEnd) ?? set.start + 5000
            if let last = shown.last, last.pictures == set.pictures, last.end >= set.start {
                shown[shown.count - 1].end = max(last.end, end)
            } else if end > set.start {
                shown.append(Shown(start: set.start, end: end, pictures: set.pictures))
            }
        }
        return shown
    }

    /// The lines of text in `pictures`, top to bottom, joined by line breaks, with an italic span over
    /// each line that leans (`TextSlant`).
    static func text(of pictures: [SubtitlePicture], with recognizer: TextRecognizer,
                     dictionary: SpellingDictionary?) -> (text: CaptionText, fixes: [(read: String, meant: String)]) {
        guard let (ink, _, _) = TextImage.ink(of: pictures) else { return (CaptionText(plain: ""), []) }
        var plain = ""
        var spans: [TextSpan] = []
        var fixes: [(read: String, meant: String)] = []
        var read: [(text: String, italic: Bool)] = []
        for line in TextImage.lines(inInk: ink) where !TextImage.isSolid(ink, rows: line.rows, columns: line.columns) {
            let shear = TextSlant.shear(of: ink, rows: line.rows, columns: line.columns)
            var image = TextImage.line(ink, rows: line.rows, columns: line.columns)
            if abs(shear) >= TextSlant.italicShear / 2 {
                // Read upright: the recogniser reads leaning letters worse.
                let upright = TextSlant.straightened(ink, rows: line.rows, columns: line.columns, shear: shear)
                if let box = TextImage.lines(inInk: upright).first {
                    image = TextImage.line(upright, rows: 0..<upright.height, columns: box.columns)
                }
            }
            var text = OCRCorrections.corrected(recognizer.read(image))
            if let dictionary {
                let fixed = OCRCorrections.fixed(text, dictionary: dictionary)
                text = fixed.line
                fixes += fixed.fixes
            }
            guard !text.isEmpty else { continue }
            read.append((text, shear >= TextSlant.italicShear))
        }
        for (text, italic) in zip(OCRCorrections.dialogueDashes(read.map(\.text)), read.map(\.italic)) {
            if !plain.isEmpty { plain += "\n" }
            let start = plain.utf8.count
            plain += text
            if italic { spans.append(TextSpan(start: start, end: plain.utf8.count, kind: .italic)) }
        }
        return (CaptionText(plain: plain, spans: spans), fixes)
    }

    /// A recogniser handed to one worker only.
    private final class RecognizerBox: @unchecked Sendable {
        let recognizer: TextRecognizer
        init(_ recognizer: TextRecognizer) { self.recognizer = recognizer }
    }
}
