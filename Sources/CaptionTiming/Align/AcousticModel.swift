import CPocketSphinx
import CaptionModel
import Foundation

/// US English word times by forced alignment: pocketsphinx (Debian's 5prealpha and its en-us model)
/// decodes a stretch of the recording against a grammar that allows the caption's words only, in
/// order, with silence and noise between them, and reports each word's first and last 10 ms frame.
///
/// Why beside the warping: a model trained on many voices hears a real speaker's words where espeak-ng's
/// one synthetic voice warped onto them loses them (`make align-bench`, docs/audio-alignment.md: the
/// cards voice 43 % of starts within 50 ms warped, about 80 % here). It knows English only, and only
/// the words of its dictionary (135 000, names largely not; numbers in digits are read as words, see
/// `SpokenNumbers`), so a caption with another word is left to the warping.
///
/// One decoder per instance, not thread-safe: pocketsphinx keeps its search in the decoder. Decoders of
/// different instances take one process-wide lock (`lock`): sphinxbase's log stream and the random
/// generator its dither draws from are globals.
final class AcousticModel {
    /// Where Debian's pocketsphinx-en-us puts the model and its dictionary.
    static let debianFolder = "/usr/share/pocketsphinx/model/en-us"
    /// The rate the model was trained at; the recording must be at it.
    static let sampleRate = 16_000
    /// pocketsphinx's frame: 100 a second.
    static let frameMilliseconds = 10
    /// The silence put before each stretch decoded (see `align`).
    static let leadMilliseconds = 300
    /// Held around everything that touches sphinxbase's globals: the configuration and model loading
    /// (which log), each decoding (whose dither draws from the one generator) and freeing.
    private static let lock = NSLock()
    /// The dither's seed.
    private static let seed = 1

    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The arguments pocketsphinx was configured with, kept for its lifetime (it may keep pointers into them).
    private let arguments: [UnsafeMutablePointer<CChar>?]

    /// The model in `folder` (laid out as Debian's: `en-us/` and `cmudict-en-us.dict`).
    init(folder: String = debianFolder) throws(AcousticModelError) {
        let model = folder + "/en-us", dictionary = folder + "/cmudict-en-us.dict"
        guard FileManager.default.fileExists(atPath: model + "/mdef"), FileManager.default.fileExists(atPath: dictionary) else {
            throw AcousticModelError(description: "the US English speech model is not installed (\(folder)); on Debian: apt-get install pocketsphinx-en-us")
        }
        // Dither: a stretch of digital silence (synthesized or edited audio) has no log energy, and
        // pocketsphinx drops such frames, shifting every later time (seeded for each stretch, in
        // `align`, so a caption's words come out the same whatever was decoded before it). Silence
        // is kept (by default frames it takes for silence are dropped: words came out ~1 s off). The
        // beams are wider than a recognizer's: the grammar is small, and under noise the default ones
        // lose the path more often (the cue then goes to the warping).
        let options = ["-hmm", model, "-dict", dictionary, "-dither", "yes", "-seed", String(Self.seed),
                       "-remove_silence", "no", "-beam", "1e-80", "-pbeam", "1e-80", "-wbeam", "1e-60"]
        arguments = options.map { strdup($0) }
        var argv = arguments
        Self.lock.lock()
        defer { Self.lock.unlock() }
        // Its log (the configuration, the model's sizes, each search's statistics) is not for the user.
        err_set_logfp(nil)
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else {
            arguments.forEach { free($0) }
            throw AcousticModelError(description: "pocketsphinx rejected its configuration (\(options.joined(separator: " ")))")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            arguments.forEach { free($0) }
            throw AcousticModelError(description: "pocketsphinx could not load its model from \(model)")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        ps_free(decoder)
        cmd_ln_free_r(config)
        arguments.forEach { free($0) }
    }

    /// Whether the dictionary has `word` (lower case, as the dictionary spells it).
    func knows(_ word: String) -> Bool {
        guard let phones = ps_lookup_word(decoder, word) else { return false }
        free(phones)
        return true
    }

    /// The ways a caption's token is said, each as dictionary words: `[]` for a token with no letter
    /// or digit (a dash, a note sign: nothing to hear), nil for a token the dictionary does not have.
    /// Case and the punctuation around a word are dropped; a hyphenated or slashed token the dictionary
    /// lacks whole is said as its parts; a number in digits has its readings (`SpokenNumbers`).
    func pronounced(_ token: String) -> [[String]]? {
        let lowered = token.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        let trimmed = lowered.trimmingCharacters(in: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "'")).inverted)
        guard trimmed.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) else { return [] }
        if trimmed.unicodeScalars.contains(where: { $0.isASCII && CharacterSet.decimalDigits.contains($0) }) {
            // A percent sign after the number and a currency sign before it are read with it.
            let number = lowered.trimmingCharacters(in: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "%$\u{A3}\u{20AC}\u{A5}")).inverted)
            let said = SpokenNumbers.readings(number)?.filter { $0.allSatisfy(knows) } ?? []
            return said.isEmpty ? nil : said
        }
        // "mr." is a dictionary word; "end." is "end".
        if lowered.hasSuffix("."), Self.isGrammarToken(trimmed + "."), knows(trimmed + ".") { return [[trimmed + "."]] }
        if Self.isGrammarToken(trimmed), knows(trimmed) { return [[trimmed]] }
        let parts = trimmed.split(whereSeparator: { "-/\u{2013}\u{2014}".contains($0) }).map(String.init)
        guard parts.count > 1, parts.allSatisfy({ Self.isGrammarToken($0) && knows($0) }) else { return nil }
        return [parts]
    }

    /// A word pocketsphinx's JSGF reader takes as one token: ASCII letters, digits, apostrophes and dots.
    static func isGrammarToken(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "'" || $0 == ".") }
    }

    /// Where each of `tokens` (each one or more readings, each of dictionary words; in order) is said in
    /// `samples` (16 kHz mono): the first frame of its first word and the last of its last, as
    /// milliseconds from the first sample. nil when the search ends without saying them all (the
    /// speech is not there, or too unlike them for its beams).
    ///
    /// `before` and `after` are the neighbouring captions' words: the stretch heard holds the end of
    /// the caption before and the start of the one after, and the grammar lets the model say them (any
    /// last few of `before`, any first few of `after`). Without them it has to take that speech for
    /// this caption's first and last words (`make align-bench`: a cue's first "the" 150-250 ms early).
    func align(_ tokens: [[[String]]], before: [String] = [], after: [String] = [], in samples: ArraySlice<Float>) -> [(start: Int, end: Int)]? {
        guard !tokens.isEmpty, tokens.allSatisfy({ !$0.isEmpty && $0.allSatisfy { !$0.isEmpty } }), !samples.isEmpty else { return nil }
        // Silence before the stretch: the model needs some before a word to start it anywhere but the
        // first frame (cards "ten", 183 ms into its file, was put at 0 without it, at 100 with it).
        let lead = Self.leadMilliseconds * Self.sampleRate / 1000
        let pcm = [Int16](repeating: 0, count: lead) + samples.map { Int16(max(-1, min(1, $0)) * 32_767) }
        let grammar = Self.grammar(tokens, before: before, after: after)
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard ps_set_jsgf_string(decoder, "caption", grammar) >= 0, ps_set_search(decoder, "caption") >= 0 else { return nil }
        genrand_seed(UInt(Self.seed))
        guard ps_start_utt(decoder) >= 0 else { return nil }
        let processed = pcm.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, 1) }
        guard ps_end_utt(decoder) >= 0, processed >= 0 else { return nil }
        let said = wordsSaid()
        // Which of the words said are this caption's: after a tail of `before`, before a head of `after`.
        let names = said.map(\.word)
        for skipped in 0...min(before.count, names.count) where Array(names[..<skipped]) == Array(before.suffix(skipped)) {
            guard let spans = Self.match(tokens[...], in: names, from: skipped, endingWith: after) else { continue }
            return spans.map { (said[$0.lowerBound].start, said[$0.upperBound - 1].end) }
        }
        return nil
    }

    /// The grammar of one caption: its tokens in order, any reading of each, after an optional tail of
    /// `before` and before an optional head of `after`.
    static func grammar(_ tokens: [[[String]]], before: [String], after: [String]) -> String {
        var grammar = "#JSGF V1.0;\ngrammar caption;\npublic <caption> = "
        if !before.isEmpty { grammar += "[<before>] " }
        grammar += tokens.map { readings in
            readings.count == 1 ? readings[0].joined(separator: " ") : "( " + readings.map { $0.joined(separator: " ") }.joined(separator: " | ") + " )"
        }.joined(separator: " ")
        if !after.isEmpty { grammar += " [<after>]" }
        grammar += ";\n"
        if !before.isEmpty {
            grammar += "<before> = " + before.indices.map { before[$0...].joined(separator: " ") }.joined(separator: " | ") + ";\n"
        }
        if !after.isEmpty {
            grammar += "<after> = " + after.indices.map { after[...$0].joined(separator: " ") }.joined(separator: " | ") + ";\n"
        }
        return grammar
    }

    /// The words the last search said, with their first and last frames as milliseconds from the first
    /// sample given (the lead taken off).
    private func wordsSaid() -> [(word: String, start: Int, end: Int)] {
        var said: [(word: String, start: Int, end: Int)] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            let name = String(cString: ps_seg_word(current))
            // Silence, breath and noise come between the words (`<sil>`, `[NOISE]`, `<s>`), and a
            // grammar's optional rule adds empty steps (`(NULL)`).
            if !(name.hasPrefix("(") || name.hasPrefix("<") || name.hasPrefix("[") || name.hasPrefix("+")) {
                var first: Int32 = 0, last: Int32 = 0
                ps_seg_frames(current, &first, &last)
                // An alternative pronunciation is named `word(2)`.
                let word = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
                said.append((word, Int(first) * Self.frameMilliseconds - Self.leadMilliseconds,
                             (Int(last) + 1) * Self.frameMilliseconds - Self.leadMilliseconds))
            }
            segment = ps_seg_next(current)
        }
        return said
    }

    /// The words of `names` (from `start`) each token was said as, one reading per token, such that
    /// what is left is a head of `after`; nil when there is no such reading.
    static func match(_ tokens: ArraySlice<[[String]]>, in names: [String], from start: Int, endingWith after: [String]) -> [Range<Int>]? {
        guard let token = tokens.first else {
            let rest = names[start...]
            return rest.count <= after.count && Array(rest) == Array(after.prefix(rest.count)) ? [] : nil
        }
        for reading in token where names.count - start >= reading.count && Array(names[start..<(start + reading.count)]) == reading {
            if let later = match(tokens.dropFirst(), in: names, from: start + reading.count, endingWith: after) {
                return [start..<(start + reading.count)] + later
            }
        }
        return nil
    }
}

/// The speech model or its library cannot be used (66, as for a missing font or libass).
public struct AcousticModelError: CaptionKitError {
    public var description: String
    public var failure: FailureKind { .unreadable }
}
