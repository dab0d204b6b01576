import CaptionModel

extension BitmapTrackText {
    /// One line of a picture made ready for the recogniser.
    struct PreparedLine {
        /// What the recogniser reads: the line cropped, padded and scaled, straightened when it leans.
        var image: TextImage
        /// The ink `image` was made from (straightened when the line leans), and the box of it.
        var ink: TextImage
        var rows: Range<Int>
        var columns: Range<Int>
        /// The shear undone in `ink` (0 when the line was not straightened).
        var straightened: Double
        /// The whole line leans enough to be italic.
        var italic: Bool
        /// The letters' colour, unless white.
        var color: RGBAColor?
        /// The pictures the line was found in, and where `ink`'s first pixel lies on them (before any
        /// straightening): colours are measured there, word by word.
        var pictures: [SubtitlePicture]
        var origin: (x: Int, y: Int)

        /// Each word's colour (nil for white) where the words the recogniser found are not all of one
        /// colour (a name or a sound in another colour, a second speaker's words); nil when they are,
        /// for fewer than two words, and for a straightened line (its columns are no longer the
        /// pictures': such a line keeps one colour).
        func wordColors(_ words: [(text: String, left: Int, right: Int)]) -> [RGBAColor?]? {
            guard words.count > 1, straightened == 0 else { return nil }
            var colors: [RGBAColor?] = []
            for word in words {
                let (left, right) = inkColumns(word)
                let measured = right > left ? TextColor.fill(of: pictures, origin: origin, ink: ink, rows: rows, columns: left..<right) : color
                // A colour alike to the line's, to white or to one already found is that one, so words of
                // one colour make one span.
                colors.append(([color, nil] + colors).first(where: { TextColor.alike($0, measured) }) ?? measured)
            }
            return colors.contains(where: { $0 != colors[0] }) ? colors : nil
        }

        /// Which of the words the recogniser found (their edges in `image`) lean, each measured on its
        /// own columns of `ink` with the shear already undone added back; nil for fewer than two words.
        /// A word's lean is only measured where it has two letters with upright stems (l, d, n, h, ...,
        /// as the recogniser read it): a word of diagonals and rounds ("We", "was", "yet") leans by its
        /// letters' shapes, as much as a slanted face does, and is italic only between italic words.
        func italicWords(_ words: [(text: String, left: Int, right: Int)]) -> [Bool]? {
            guard words.count > 1 else { return nil }
            let shears: [Double?] = words.map { word in
                guard word.text.filter({ Self.stemLetters.contains($0) }).count >= 2 else { return nil }
                let (left, right) = inkColumns(word)
                guard right > left else { return nil }
                return straightened + TextSlant.shear(of: ink, rows: rows, columns: left..<right)
            }
            return TextSlant.italicWords(shears)
        }

        /// `text` with its first or last word put back as music notes where the recogniser read a note
        /// as a letter or two (`MusicNotes`).
        func withMusicNotes(_ text: String, words: [(text: String, left: Int, right: Int)]) -> String {
            guard let first = words.first, let last = words.last else { return text }
            var text = text
            let firstInk = inkColumns(first), lastInk = inkColumns(last)
            func notes(_ word: String, _ ink: (left: Int, right: Int)) -> String? {
                guard word.count <= 2, ink.right > ink.left else { return nil }
                return MusicNotes.notes(in: self.ink, rows: rows, columns: ink.left..<ink.right)
            }
            // Ink the recogniser left out before the first word or after the last (it skips a note at
            // times), as notes.
            func skipped(_ region: Range<Int>) -> String? {
                guard region.count > 1 else { return nil }
                return MusicNotes.notes(in: ink, rows: rows, columns: region)
            }
            if words.count > 1, text.hasSuffix(last.text), let notes = notes(last.text, lastInk) { text = text.dropLast(last.text.count) + notes }
            else if let notes = skipped(lastInk.right..<columns.upperBound) { text += " " + notes }
            if text.hasPrefix(first.text), let notes = notes(first.text, firstInk) { text = notes + text.dropFirst(first.text.count) }
            else if let notes = skipped(columns.lowerBound..<firstInk.left) { text = notes + " " + text }
            return text
        }

        /// The ink columns under a word's box in `image`, inside the line's columns whatever the box.
        func inkColumns(_ word: (text: String, left: Int, right: Int)) -> (left: Int, right: Int) {
            let (scale, pad) = TextImage.lineGeometry(rows: rows)
            func column(_ x: Int, _ rule: FloatingPointRoundingRule) -> Int {
                min(max(columns.lowerBound + Int((Double(x - pad) / scale).rounded(rule)), columns.lowerBound), columns.upperBound)
            }
            return (column(word.left, .down), column(word.right, .up))
        }

        /// Letters drawn with an upright stem in the usual subtitle faces.
        static let stemLetters = Set("abdfghijklmnpqrtuBDEFHIJKLMNPRTU1")
    }
}
