import CaptionModel

/// Word timings from the speech itself (`captions align --audio`), two ways. Warping, for any language:
/// each caption's words are synthesized by espeak-ng, and the synthesized speech is warped onto the
/// recording (mel cepstra, dynamic time warping); a word starts where the warping path takes its
/// synthesized start. The acoustic model, for English: pocketsphinx forced to the caption's words
/// (`AcousticModel`), and where the two agree closely, the mean of both (`Options.agreement`). See
/// docs/audio-alignment.md for why these methods and how well they do.
///
/// Captions with times are aligned one at a time inside their own window (the cue ± `margin`), so the
/// cost grows with the file's length, not its square. A script without times (plain text) is warped
/// whole, coarse to fine (`CoarseToFine`). Words the path cannot place (no sound from espeak-ng, or
/// squeezed to nothing or stretched far past their spoken length) share the time their placed
/// neighbours leave and are marked `interpolated`; words placed outside their cue are pulled inside it.
public enum AudioWordAligner {
    public struct Options: Sendable {
        /// The espeak-ng voice or language (`en`, `en-us`, `de`, …) the words are spoken with.
        public var voice = SpeechSynthesizer.defaultVoice
        public var rate = SpeechSynthesizer.defaultRate
        /// How far outside its cue a caption's speech is looked for.
        public var margin: Milliseconds = 1_000
        /// The formant scales tried for each caption (the recorded voice's formants this many times
        /// the synthesized voice's: about 1.15-1.2 for a woman against espeak-ng's male voice); the
        /// one whose warping path costs least is kept.
        public var warps: [Double] = [1, 1.15]
        /// How the words are placed; `automatic` takes the acoustic model for English voices.
        public var method = Method.automatic
        /// Where the acoustic model and the warping put a word within this many milliseconds of each
        /// other, it starts halfway between: their errors are largely independent, so the mean is
        /// closer (`make align-bench`, espeak voices: 92.5 % of starts within 50 ms by the model alone,
        /// 97.0 % so). Further apart, the model's is kept: the warping's big misses are its own.
        public var agreement = 80
        /// Whether the acoustic model also hears each cue with its steady noise taken out
        /// (`SpectralDenoiser`), and the onset rules read that quieter recording's loudness: under noise
        /// the model otherwise starts words late (`make align-bench`, real speech under pink noise at
        /// 10 dB: 80.6 % of starts within 50 ms without, 87.5-88.2 % with, still averaged with the
        /// warping's). It costs a second search per cue.
        public var denoise = true
        /// The acoustic model's folder (`en-us/` and `cmudict-en-us.dict` in it, as Debian lays them out).
        public var modelFolder = AcousticModel.debianFolder
        public init() {}

        /// Whether a cue is first given to the acoustic model (which needs the recording at 16 kHz).
        func usesAcousticModel(sampleRate: Int) -> Bool {
            guard sampleRate == AcousticModel.sampleRate else { return false }
            switch method {
            case .acoustic: return true
            case .warping: return false
            case .automatic:
                let language = voice.lowercased()
                return language == "en" || language.hasPrefix("en-") || language.hasPrefix("en+")
            }
        }
    }

    /// How a cue's words are placed in the recording.
    public enum Method: String, Sendable, CaseIterable {
        /// English voices by the acoustic model, other languages by warping.
        case automatic
        /// pocketsphinx's US English model, forced to the cue's words (`AcousticModel`); a cue with a
        /// word its dictionary lacks, or that the model cannot find, is warped instead.
        case acoustic
        /// espeak-ng's speech of the words warped onto the recording, for any language it speaks.
        case warping
    }

    public struct Counts: Sendable, Hashable {
        /// Words timed from the speech.
        public var placed = 0
        /// Words that got their time from their neighbours instead (marked interpolated).
        public var interpolated = 0
        /// Of the placed words, those the acoustic model placed (the rest were warped).
        public var acoustic = 0
    }

    public struct Result: Sendable {
        public var document: CaptionDocument
        public var counts: Counts
        /// Words placed outside the cue holding them, pulled inside it.
        public var clamped: Int
        /// Why the acoustic model was not used where `automatic` would have used it (its model is
        /// not installed): every cue was warped.
        public var acousticModelUnavailable: String?
    }

    /// Every cue of `captions` gets word timings from `samples` (mono, at `sampleRate`, sample 0 at the
    /// captions' time 0). Cues that already have words are left as they are.
    public static func align(captions: CaptionDocument, samples: [Float], sampleRate: Int, options: Options = Options()) throws -> Result {
        let (model, unavailable) = try acousticModel(options, sampleRate: sampleRate)
        var result = try align(captions: captions, samples: samples, sampleRate: sampleRate, options: options, model: model)
        result.acousticModelUnavailable = unavailable
        return result
    }

    /// The acoustic model `options` call for at `sampleRate` (nil where they do not), and, where
    /// `automatic` found it not installed, why. Asked for by name, a missing model is an error; chosen
    /// automatically, the warping does without it.
    static func acousticModel(_ options: Options, sampleRate: Int) throws(AcousticModelError) -> (AcousticModel?, unavailable: String?) {
        guard options.usesAcousticModel(sampleRate: sampleRate) else { return (nil, nil) }
        do { return (try AcousticModel(folder: options.modelFolder), nil) } catch {
            guard options.method == .automatic else { throw error }
            return (nil, error.description)
        }
    }

    /// `align(captions:)` with the acoustic model already opened (nil: every cue warped).
    static func align(captions: CaptionDocument, samples: [Float], sampleRate: Int, options: Options, model: AcousticModel?) throws -> Result {
        var document = captions
        var counts = Counts(), clamped = 0
        // The model hears each cue twice: as recorded and denoised (`Options.denoise`).
        let hearsTwice = options.denoise && model != nil
        for index in document.events.indices where document.events[index].words.isEmpty {
            let event = document.events[index]
            let texts = tokens(event.text.plain)
            guard !texts.isEmpty else { continue }
            let from = max(event.start - options.margin, 0)
            let to = max(min(event.end + options.margin, samples.count * 1000 / max(sampleRate, 1)), from)
            var starts = [Int?](repeating: nil, count: texts.count)
            var synthesized: [Int?]?
            var speechEnd: Int?
            if to - from >= 2 * MelCepstrum.hopMilliseconds {
                let window = samples[(from * sampleRate / 1000)..<(to * sampleRate / 1000)]
                let heard = MelEnergies(samples: window, sampleRate: sampleRate)
                let recordedLoudness = SpeechOnsets.loudness(heard)
                // The onset rules (the model's and the warping's) read the denoised recording's
                // loudness: its floor is far under the speech, so a word's first sound stands out
                // nearer where it begins. The warping compares the recording as it is (its features
                // take the noise into account).
                let cleaned = hearsTwice ? SpectralDenoiser.denoised(window)[...] : window
                let loudness = hearsTwice ? SpeechOnsets.loudness(MelEnergies(samples: cleaned, sampleRate: sampleRate)) : recordedLoudness
                let warped = try warpedStarts(of: texts, heard: heard, loudness: loudness, offset: from, options: options)
                synthesized = warped.synthesized
                let around = neighbours(of: index, in: document.events, from: from, to: to)
                if let model, let placed = AcousticPlacement.starts(of: texts, around: around, in: cleaned, loudness: loudness, offset: from, model: model) {
                    (starts, speechEnd) = placed
                    if hearsTwice, let recorded = AcousticPlacement.starts(of: texts, around: around, in: window, loudness: loudness,
                                                                           offset: from, model: model) {
                        starts = reconciled(starts, recorded.0, warped: warped.starts)
                    }
                    counts.acoustic += starts.compactMap { $0 }.count
                    // Under noise the warping's starts are no longer worth half: see `noisyBelow`.
                    let noisy = SpeechOnsets.aboveFloor(recordedLoudness) < Self.noisyBelow
                    starts = fused(starts, warped.starts, within: noisy ? 0 : options.agreement)
                    // A reader's pause inside a line: the model can stretch the word after it back over
                    // the pause to where the word before ends (LibriVox "rather [180 ms] cold": "cold"
                    // 163 ms early), so its start moves past the pause, as the warping's do. Not under
                    // noise, where a quiet stretch is harder to tell from a weak sound (`make align-bench`:
                    // two of 1,984 espeak words under pink noise at 10 dB moved wrongly, no real one moved).
                    if !noisy { starts = SpeechOnsets.pastPauses(starts, lengths: warped.lengths, loudness: loudness, offset: from) }
                } else {
                    (starts, speechEnd) = (warped.starts, warped.end)
                }
            }
            var words = WordPlacement.words(texts, starts: starts, end: speechEnd, within: event.start...event.end,
                                            synthesized: synthesized, counts: &counts)
            for k in words.indices where words[k].start < event.start || words[k].end > event.end {
                words[k].start = min(max(words[k].start, event.start), event.end)
                words[k].end = min(max(words[k].end, words[k].start), event.end)
                clamped += 1
            }
            document.events[index].words = words
        }
        return Result(document: document, counts: counts, clamped: clamped)
    }

    /// How far (natural log of power) a window's loud frames stand above its floor, at least, for its
    /// starts to be averaged with the warping's (`Options.agreement`); under this (about 13 dB: pink
    /// noise at 10 dB SNR gives 1.5-2.4, clean recordings 4-13) the model's are kept alone. Under noise
    /// the warping compares a real voice with espeak-ng's through the noise, and its starts pull the
    /// model's off more than they correct them (`make align-bench`, 144 real words under pink noise at
    /// 10 dB: 90.3 % within 50 ms with the model's alone, 87.5 % averaged; clean, 92.4 and 94.4 %). On
    /// espeak-ng's own voices averaging still helps under noise (98.1 against 95.1 %), but those are
    /// not what users bring.
    static let noisyBelow: Float = 3

    /// How far apart (ms) the model's two hearings of a word may start and still agree.
    static let hearingsAgree = 80

    /// The model's starts from the denoised recording, each replaced by its start from the recording as
    /// it is where the two disagree (more than `hearingsAgree`) and that one is nearer the warping's.
    /// The filter now and then costs the model a cue's opening (espeak-ng's `en+f3` under noise: "Her
    /// first novel" heard as the caption before's last words, its words 0.4-0.8 s late); the other
    /// hearing and the warping then agree.
    static func reconciled(_ denoised: [Int?], _ recorded: [Int?], warped: [Int?]) -> [Int?] {
        denoised.indices.map { k in
            guard let quiet = denoised[k], let plain = recorded[k], abs(quiet - plain) > hearingsAgree,
                  let warp = warped[k] else { return denoised[k] }
            return abs(plain - warp) < abs(quiet - warp) ? plain : quiet
        }
    }

    /// `acoustic`'s starts, each moved halfway to `warped`'s where the two are within `within` ms.
    static func fused(_ acoustic: [Int?], _ warped: [Int?], within: Int) -> [Int?] {
        zip(acoustic, warped).map { heard, warp in
            guard let heard, let warp, abs(heard - warp) <= within else { return heard }
            return (heard + warp) / 2
        }
    }

    /// The tokens of the captions either side of `events[index]`, where its window (`from`-`to`)
    /// reaches into their time: the acoustic model's grammar lets their speech be heard there.
    static func neighbours(of index: Int, in events: [CaptionEvent], from: Int, to: Int) -> (before: [String], after: [String]) {
        (index > 0 && events[index - 1].end > from ? tokens(events[index - 1].text.plain) : [],
         index + 1 < events.count && events[index + 1].start < to ? tokens(events[index + 1].text.plain) : [])
    }

    /// The warping's starts for one cue (`heard`: its window's energies, their first frame at millisecond
    /// `offset`), the end of its speech, the synthesized starts the unplaced words are shared out by, and
    /// the synthesized words' lengths (`WordPlacement.lengths`).
    static func warpedStarts(of texts: [String], heard: MelEnergies, loudness: [Float], offset from: Int,
                             options: Options) throws(SpeechSynthesisError) -> (starts: [Int?], end: Int?, synthesized: [Int?], lengths: [Int?]) {
        let speech = try SpeechSynthesizer.speak(texts, voice: options.voice, rate: options.rate).padded(by: 300)
        // The synthesized voice is warped to each of `warps` and the closest kept.
        let path = options.warps.map { warp in
            let (reference, recording) = MelCepstrum.pair(reference: speech, recording: heard, warp: warp)
            return WarpingPath.find(reference: reference, recording: recording,
                                    band: Array(repeating: 0..<recording.count, count: reference.count))
        }.min { $0.cost < $1.cost }!
        var (starts, speechEnd) = WordPlacement.starts(of: speech, along: path, offset: from)
        // A pause comes before a cue's first word and after punctuation.
        let afterPause = SpeechOnsets.afterPunctuation(texts).enumerated().map { $0.offset == 0 || $0.element }
        starts = SpeechOnsets.refined(starts, afterPause: afterPause, loudness: loudness, offset: from)
        let lengths = WordPlacement.lengths(of: speech)
        starts = SpeechOnsets.pastPauses(starts, lengths: lengths, loudness: loudness, offset: from)
        return (starts, speechEnd, speech.wordStarts, lengths)
    }

    /// A script without times: one event per non-blank line, its words timed from the whole recording.
    /// The warping places the whole script (coarse to fine); where the acoustic model applies, each line
    /// is then placed again as a caption spanning where the warping put it, `scriptSlack` wider either
    /// side, so English scripts get the model as captions do (the warping alone is the weaker on real
    /// speech, docs/audio-alignment.md). Each line then spans its words.
    public static func align(text: String, samples: [Float], sampleRate: Int, options: Options = Options()) throws -> Result {
        let (model, unavailable) = try acousticModel(options, sampleRate: sampleRate)
        var warped = try warpedScript(text, samples: samples, sampleRate: sampleRate, options: options)
        guard let model else {
            warped.acousticModelUnavailable = unavailable
            return warped
        }
        let total = samples.count * 1000 / max(sampleRate, 1)
        var lines = warped.document
        for k in lines.events.indices {
            lines.events[k].start = max(lines.events[k].start - scriptSlack, 0)
            lines.events[k].end = min(lines.events[k].end + scriptSlack, max(total, 0))
            lines.events[k].words = []
        }
        var placed = try align(captions: lines, samples: samples, sampleRate: sampleRate, options: options, model: model)
        for k in placed.document.events.indices {
            let words = placed.document.events[k].words
            guard let first = words.first, let last = words.last else { continue }
            placed.document.events[k].start = first.start
            placed.document.events[k].end = max(first.start, last.end)
        }
        // The lines' spans are the warping's guess, not times a person gave: a word the model heard
        // past one is kept inside it, as for captions, but not reported as leaving a caption.
        placed.clamped = 0
        return placed
    }

    /// How much wider than the warping's placement a script's line is given to the acoustic model: the
    /// bench's captions open and close up to 250 ms from their speech, and the model's window reaches
    /// `margin` further; a wider line would leave it more of the next lines' speech to take for silence.
    static let scriptSlack = 250

    /// A script warped whole: one event per non-blank line, spanning its words.
    static func warpedScript(_ text: String, samples: [Float], sampleRate: Int, options: Options) throws(SpeechSynthesisError) -> Result {
        let lines = text.split(whereSeparator: \.isNewline).map { tokens(String($0)) }.filter { !$0.isEmpty }
        let all = lines.flatMap { $0 }
        var counts = Counts()
        let total = samples.count * 1000 / max(sampleRate, 1)
        let (starts, end) = try CoarseToFine.starts(of: all, samples: samples, sampleRate: sampleRate, options: options)
        let words = WordPlacement.words(all, starts: starts, end: end, within: 0...max(total, 0), counts: &counts)
        var events: [CaptionEvent] = []
        var next = 0
        for line in lines {
            let lineWords = Array(words[next..<(next + line.count)])
            next += line.count
            events.append(CaptionEvent(start: lineWords.first!.start, end: max(lineWords.first!.start, lineWords.last!.end),
                                       text: CaptionText(plain: line.joined(separator: " ")), words: lineWords))
        }
        return Result(document: CaptionDocument(events: events), counts: counts, clamped: 0)
    }

    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
