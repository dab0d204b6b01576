import CaptionModel
import CaptionTestSupport
@testable import CaptionTiming
import CaptionVideo
import CaptionExpectations
import Foundation
import Synchronization
import Testing

/// The acoustic model (pocketsphinx's US English model forced to each caption's words): what it says a
/// caption's tokens as, how its starts are fused with the warping's, and where it puts real words in
/// real recordings (Debian's pocketsphinx-testdata, starts in Corpus/align/) and in synthesized speech.
@Suite struct AcousticAlignmentTests {
    @Test func tokensAreSaidAsDictionaryWords() throws {
        let model = try AcousticModel()
        expectEqual(model.pronounced("The,"), [["the"]])
        expectEqual(model.pronounced("END."), [["end"]])
        // A title keeps its dot: the dictionary has "mr." and says it "mister".
        expectEqual(model.pronounced("Mr."), [["mr."]])
        expectEqual(model.pronounced("don\u{2019}t"), [["don't"]])
        expectEqual(model.pronounced("\"Hello!\""), [["hello"]])
        expectEqual(model.pronounced("blue-green"), [["blue", "green"]])
        expectEqual(model.pronounced("\u{2014}"), [])
        expectEqual(model.pronounced("\u{266A}"), [])
        expectEqual(model.pronounced("zzyzxqwv"), nil)
        expectEqual(model.pronounced("caf\u{E9}"), nil)
        // Numbers in digits are said as words, every likely reading allowed: money with its sign kept,
        // clock times; a mixed token such as "4k" is not read.
        expectEqual(model.pronounced("42,"), [["forty", "two"]])
        expectEqual(model.pronounced("(50%)"), [["fifty", "percent"]])
        expectEqual(model.pronounced("21st"), [["twenty", "first"]])
        expectEqual(model.pronounced("($5)."), [["five", "dollars"], ["five"]])
        expectEqual(model.pronounced("12:30,"), [["twelve", "thirty"]])
        expectEqual(model.pronounced("4k"), nil)
    }

    @Test func numbersHaveTheirSpokenReadings() {
        expectEqual(SpokenNumbers.readings("0"), [["zero"]])
        expectEqual(SpokenNumbers.readings("1999"), [["nineteen", "ninety", "nine"], ["one", "thousand", "nine", "hundred", "ninety", "nine"],
                                                     ["one", "thousand", "nine", "hundred", "and", "ninety", "nine"]])
        expectEqual(SpokenNumbers.readings("2024"), [["twenty", "twenty", "four"], ["two", "thousand", "twenty", "four"],
                                                     ["two", "thousand", "and", "twenty", "four"]])
        expectEqual(SpokenNumbers.readings("2005"), [["two", "thousand", "five"], ["two", "thousand", "and", "five"]])
        expectEqual(SpokenNumbers.readings("1905")?.first, ["nineteen", "oh", "five"])
        expectEqual(SpokenNumbers.readings("1900")?.first, ["nineteen", "hundred"])
        expectEqual(SpokenNumbers.readings("1,250"), [["one", "thousand", "two", "hundred", "fifty"], ["one", "thousand", "two", "hundred", "and", "fifty"]])
        expectEqual(SpokenNumbers.readings("3,000,017"), [["three", "million", "seventeen"], ["three", "million", "and", "seventeen"]])
        expectEqual(SpokenNumbers.readings("3.5"), [["three", "point", "five"]])
        expectEqual(SpokenNumbers.readings("0.25"), [["zero", "point", "two", "five"], ["point", "two", "five"]])
        expectEqual(SpokenNumbers.readings("100th"), [["one", "hundredth"]])
        expectEqual(SpokenNumbers.readings("12th"), [["twelfth"]])
        expectEqual(SpokenNumbers.readings("40th"), [["fortieth"]])
        for bad in ["1,00", "12,3456", "1.2.3", "4k", "", "1234567890123456"] { expectTrue(SpokenNumbers.readings(bad) == nil, "\(bad)") }
    }

    @Test func moneyAndClockTimesHaveTheirSpokenReadings() {
        // The unit after the number, or later ("$2 million": "two million dollars"), or not said.
        expectEqual(SpokenNumbers.readings("$5"), [["five", "dollars"], ["five"]])
        expectEqual(SpokenNumbers.readings("$1"), [["one", "dollar"], ["one"]])
        expectEqual(SpokenNumbers.readings("\u{A3}20")?.first, ["twenty", "pounds"])
        expectEqual(SpokenNumbers.readings("\u{20AC}3")?.first, ["three", "euros"])
        expectEqual(SpokenNumbers.readings("$1,500")?.first, ["one", "thousand", "five", "hundred", "dollars"])
        // Cents: "five ninety nine", "five dollars ninety nine", "... and ninety nine cents"; under a dollar, cents.
        let price = SpokenNumbers.readings("$5.99") ?? []
        for said in [["five", "ninety", "nine"], ["five", "dollars", "ninety", "nine"], ["five", "dollars", "and", "ninety", "nine", "cents"]] {
            expectTrue(price.contains(said), "\(said) in \(price)")
        }
        expectEqual(SpokenNumbers.readings("$0.99")?.first, ["ninety", "nine", "cents"])
        expectEqual(SpokenNumbers.readings("$2.5")?.first, ["two", "point", "five", "dollars"])
        // Clock times: "twelve thirty", "three oh five", "ten o'clock" or "ten", with a.m. and p.m. as letters.
        expectEqual(SpokenNumbers.readings("12:30"), [["twelve", "thirty"]])
        expectEqual(SpokenNumbers.readings("3:05"), [["three", "oh", "five"]])
        expectEqual(SpokenNumbers.readings("10:00"), [["ten", "o'clock"], ["ten"], ["ten", "hundred"]])
        expectEqual(SpokenNumbers.readings("7:45pm"), [["seven", "forty", "five", "p", "m"]])
        expectEqual(SpokenNumbers.readings("9am"), [["nine", "a", "m"]])
        for bad in ["$", "$x", "12:3", "25:00", "3:60", "1:2:3", "$5.999.1"] { expectTrue(SpokenNumbers.readings(bad) == nil, "\(bad)") }
    }

    @Test func startsAreAveragedOnlyWhereBothMethodsAgree() {
        let fused = AudioWordAligner.fused([1_000, 2_000, nil, 3_000, 4_000], [1_060, 2_200, 2_500, nil, 3_920], within: 80)
        expectEqual(fused, [1_030, 2_000, nil, 3_000, 3_960])
    }

    @Test func theTwoHearingsDisagreeingTheOneNearerTheWarpingIsKept() {
        // Within 80 ms of each other: the denoised hearing's start. Further apart: whichever is nearer
        // the warping's; with no warping's start, or no second hearing, the denoised one.
        let starts = AudioWordAligner.reconciled([1000, 2000, 3000, 4000, nil, 6000],
                                                 [1070, 2600, 3400, 4500, 5000, nil],
                                                 warped: [1500, 2550, 3100, nil, 5000, 6200])
        expectEqual(starts, [1000, 2600, 3000, 4000, nil, 6000])
    }

    /// Each recording of `table` (Corpus/align) with its samples at 16 kHz.
    static func recorded(_ table: String) throws -> [(entry: RecordedWordStarts, audio: AudioSamples)] {
        let folder = try #require(RecordedWordStarts.recordings.first { $0.table == table }).folder
        return try RecordedWordStarts.read(RecordedWordStarts.corpusPath(table)).map { entry in
            (entry, AudioSamples(samples: try entry.samples(in: folder) { try AudioSamples.read($0, sampleRate: 16_000).samples }, sampleRate: 16_000))
        }
    }

    /// The cue's words and each one's marked start, one cue spanning each recording.
    /// With `noise`, each recording under pink noise at 10 dB SNR (seeded as align-bench does).
    func score(_ table: String, method: AudioWordAligner.Method, denoise: Bool = true,
               noise: Bool = false) throws -> (WordStartScore, AudioWordAligner.Counts) {
        var score = WordStartScore(), counts = AudioWordAligner.Counts()
        var options = AudioWordAligner.Options()
        options.method = method
        options.denoise = denoise
        for (number, (entry, recorded)) in try Self.recorded(table).enumerated() {
            let cue = CaptionDocument(events: [CaptionEvent(start: 0, end: recorded.milliseconds, text: CaptionText(plain: entry.words.joined(separator: " ")))])
            var audio = recorded
            if noise {
                var mixed = SpokenWords(recording: recorded.samples, sampleRate: recorded.sampleRate, document: cue, truth: [entry.starts])
                mixed.addPinkNoise(snr: 10, seed: 7 &+ UInt64(number))
                audio = AudioSamples(samples: mixed.samples, sampleRate: mixed.sampleRate)
            }
            let aligned = try AudioWordAligner.align(captions: cue, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
            score.add(aligned.document, truth: [entry.starts])
            counts.placed += aligned.counts.placed
            counts.acoustic += aligned.counts.acoustic
        }
        return (score, counts)
    }

    /// Real speakers, whom espeak-ng's voice warped onto them loses: the cards speaker's starts within
    /// 50 ms go from 43 % warped to 81 % (docs/audio-alignment.md). Every word here is the model's.
    @Test func realSpeechIsPlacedByTheModel() throws {
        let (cards, cardCounts) = try score("cards-word-starts.tsv", method: .automatic)
        let (warped, _) = try score("cards-word-starts.tsv", method: .warping)
        expectEqual(cardCounts.acoustic, cards.words)
        expectTrue(cards.share50 >= 0.75 && cards.share150 >= 0.9, "cards: \(cards)")
        expectTrue(cards.share50 >= warped.share50 + 0.2, "cards: model \(cards), warping \(warped)")
        let (reader, readerCounts) = try score("librivox-word-starts.tsv", method: .automatic)
        expectEqual(readerCounts.acoustic, reader.words)
        expectTrue(reader.share50 >= 0.95 && reader.share150 >= 0.99, "LibriVox: \(reader)")
        // Other speakers' commands and digits (pocketsphinx-testdata's raw files), and Kennedy in a hall
        // in 1961 (Corpus/align/jfk.flac), all marked by hand.
        let (others, otherCounts) = try score("testdata-word-starts.tsv", method: .automatic)
        expectEqual(otherCounts.acoustic, others.words)
        expectTrue(others.words == 14 && others.share50 >= 0.85 && others.share150 >= 0.99, "commands and digits: \(others)")
        let (kennedy, kennedyCounts) = try score("jfk-word-starts.tsv", method: .automatic)
        expectEqual(kennedyCounts.acoustic, kennedy.words)
        expectTrue(kennedy.words == 22 && kennedy.share50 >= 0.85 && kennedy.share150 >= 0.95, "Kennedy: \(kennedy)")
    }

    /// Under noise the model hears each cue twice, as recorded and with its steady noise taken out
    /// (`SpectralDenoiser`): Kennedy under pink noise at 10 dB, 68 % of starts within 50 ms heard as
    /// recorded only, 82 % so (align-bench); clean, his hall's hum taken out, 73 % and 95 %.
    @Test func underNoiseTheModelAlsoHearsTheRecordingDenoised() throws {
        let (denoised, _) = try score("jfk-word-starts.tsv", method: .automatic, noise: true)
        let (plain, _) = try score("jfk-word-starts.tsv", method: .automatic, denoise: false, noise: true)
        expectTrue(denoised.share50 >= 0.75 && denoised.share150 >= 0.95, "denoised: \(denoised)")
        expectTrue(denoised.share50 >= plain.share50 + 0.09, "denoised \(denoised), as recorded \(plain)")
        let (clean, _) = try score("jfk-word-starts.tsv", method: .automatic, denoise: false)
        expectTrue(clean.share50 <= 0.8, "as recorded, clean: \(clean)")
    }

    /// An English script without times is warped whole, then each line is given to the model as a
    /// caption where the warping put it: the cards speaker's starts within 50 ms go from 38 % (warped
    /// alone) to 86 %, every word the model's.
    @Test func aScriptWithoutTimesIsPlacedByTheModelToo() throws {
        var model = WordStartScore(), warped = WordStartScore()
        var acoustic = 0
        var warping = AudioWordAligner.Options()
        warping.method = .warping
        for (entry, audio) in try Self.recorded("cards-word-starts.tsv") {
            let samples = audio.samples
            let script = entry.words.joined(separator: " ")
            let aligned = try AudioWordAligner.align(text: script, samples: samples, sampleRate: 16_000)
            model.add(aligned.document, truth: [entry.starts])
            acoustic += aligned.counts.acoustic
            // One line, one event, spanning its words.
            expectEqual(aligned.document.events.count, 1)
            let line = try #require(aligned.document.events.first)
            expectEqual(line.start, line.words.first?.start)
            expectEqual(line.end, line.words.last?.end)
            warped.add(try AudioWordAligner.align(text: script, samples: samples, sampleRate: 16_000, options: warping).document, truth: [entry.starts])
        }
        expectEqual(acoustic, model.words)
        expectTrue(model.share50 >= 0.8 && model.share150 >= 0.9, "model: \(model)")
        expectTrue(model.share50 >= warped.share50 + 0.3, "model \(model), warping \(warped)")
    }

    /// pocketsphinx-testdata's `.raw` files are 16-bit little-endian samples with no header.
    @Test func rawRecordingsAreReadAsSixteenBitLittleEndian() throws {
        let folder = try Tool.temporaryDirectory()
        try Data([0x00, 0x40, 0x00, 0xC0, 0xFF, 0x7F, 0x00, 0x80]).write(to: URL(fileURLWithPath: folder + "/a.raw"))
        let entry = RecordedWordStarts(file: "a.raw", words: [], starts: [])
        expectEqual(try entry.samples(in: folder) { _ in [] }, [0.5, -0.5, 32_767 / 32_768, -1])
        // Any other file goes to the decoder it is given.
        let other = RecordedWordStarts(file: "b.wav", words: [], starts: [])
        expectEqual(try other.samples(in: folder) { [Float($0.count)] }, [Float((folder + "/b.wav").count)])
    }

    /// `spoken`'s captions aligned by the model alone (`acoustic`, nothing averaged in), its speech
    /// written as a WAV and read back as any input is.
    static func byTheModelAlone(_ spoken: SpokenWords) throws -> AudioWordAligner.Result {
        let wav = try Tool.temporaryDirectory() + "/speech.wav"
        try spoken.writeWAV(to: wav)
        let audio = try AudioSamples.read(wav, sampleRate: 16_000)
        var options = AudioWordAligner.Options()
        options.method = .acoustic
        options.agreement = 0
        return try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
    }

    /// Captions with numbers in digits are the model's too: espeak-ng says "1999" as a year, "42" and
    /// "50%" as counts, "21st" as an ordinal, "7:45" as a time and "$12" as "twelve dollars", and the
    /// model finds whichever reading was said.
    @Test func captionsWithNumbersArePlacedByTheModel() throws {
        let sentences = ["In 1999 the club had 42 members and two boats.", "About 50% of them came back on the 21st of May.",
                         "The ticket cost 3.5 pounds in 2005.", "The show starts at 7:45 and a seat costs $12 tonight."]
        var spoken = try SpokenWords.make(sentences, voice: "en+f3", rate: 170, seed: 9)
        spoken.addPinkNoise(snr: 20, seed: 2)
        let aligned = try Self.byTheModelAlone(spoken)
        var score = WordStartScore()
        score.add(aligned.document, truth: spoken.truth)
        expectEqual(aligned.counts.acoustic, spoken.document.events.map { $0.text.plain.split(separator: " ").count }.reduce(0, +))
        expectTrue(score.words >= 35 && score.share50 >= 0.85 && score.share150 >= 0.95, "\(score)")
    }

    /// Synthesized speech in a voice and speed not the aligner's own, under pink noise: the model
    /// alone (no averaging with the warping), cue by cue, with the neighbouring cues' speech in each
    /// window. A caption with a word the dictionary lacks is warped instead, and still placed.
    @Test func theModelAloneFollowsSynthesizedSpeechUnderNoise() throws {
        var spoken = try SpokenWords.make(Array(SpeechScript.sentences[20..<30]), voice: "en+f3", rate: 190, seed: 8)
        spoken.addPinkNoise(snr: 10, seed: 5)
        spoken.document.events[4].text = CaptionText(plain: spoken.document.events[4].text.plain + " zzyzxqwv")
        spoken.truth[4].append(nil)
        let aligned = try Self.byTheModelAlone(spoken)
        var score = WordStartScore()
        // Scored: the model's cues (the warped one is checked below).
        var modelsCues = spoken.truth
        modelsCues[4] = modelsCues[4].map { _ in nil }
        score.add(aligned.document, truth: modelsCues)
        expectTrue(score.words > 100)
        expectTrue(score.share50 >= 0.85 && score.share150 >= 0.97, "\(score)")
        // Every cue but the one with the unknown word is the model's (a word it placed may still be
        // interpolated later, if it left it no time).
        let others = aligned.counts.placed + aligned.counts.interpolated - aligned.document.events[4].words.count
        expectTrue(aligned.counts.acoustic <= others && aligned.counts.acoustic >= others - 2, "\(aligned.counts), \(others)")
        // The warped cue still has all its words, inside it (how well they are placed depends on what
        // espeak-ng spoke before in this process, so it is not scored here).
        let warped = aligned.document.events[4]
        expectEqual(warped.words.count, spoken.truth[4].count)
        expectTrue(warped.words.allSatisfy { $0.start >= warped.start && $0.end <= warped.end })
    }

    /// Without its model, `automatic` warps every cue and says why; `acoustic` asked for by name fails
    /// with the package to install.
    @Test func aMissingModelIsWarpedAroundOrReported() throws {
        var spoken = try SpokenWords.make([SpeechScript.sentences[2]], voice: "en-us", rate: 170, seed: 6)
        spoken.addPinkNoise(snr: 30, seed: 1)
        let wav = try Tool.temporaryDirectory() + "/speech.wav"
        try spoken.writeWAV(to: wav)
        let audio = try AudioSamples.read(wav, sampleRate: 16_000)
        var options = AudioWordAligner.Options()
        let heard = try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        expectTrue(heard.acousticModelUnavailable == nil && heard.counts.acoustic == spoken.truth[0].count, "\(heard.counts)")
        options.modelFolder = "/nonexistent/en-us"
        let warped = try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        expectTrue(warped.acousticModelUnavailable?.contains("apt-get install pocketsphinx-en-us") == true)
        expectEqual(warped.counts.acoustic, 0)
        expectTrue(warped.counts.placed >= spoken.truth[0].count - 2, "\(warped.counts)")
        // A script is warped whole and says so too.
        let script = spoken.document.events.map { $0.text.plain }.joined(separator: "\n")
        let warpedScript = try AudioWordAligner.align(text: script, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
        expectTrue(warpedScript.acousticModelUnavailable != nil && warpedScript.counts.acoustic == 0, "\(warpedScript.counts)")
        options.method = .acoustic
        do {
            _ = try AudioWordAligner.align(captions: spoken.document, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
            Issue.record("aligned with a model that is not there")
        } catch {
            expectTrue("\(error)".contains("/nonexistent/en-us"))
        }
        do {
            _ = try AudioWordAligner.align(text: script, samples: audio.samples, sampleRate: audio.sampleRate, options: options)
            Issue.record("aligned a script with a model that is not there")
        } catch {
            expectTrue("\(error)".contains("/nonexistent/en-us"))
        }
    }

    /// The model's placements repeat exactly: its dither is seeded for each caption, and decoders on
    /// other threads wait for sphinxbase's globals, so neither what was decoded before nor what is
    /// decoded beside it changes a word (the warping's espeak-ng carries state; so `acoustic` alone).
    @Test func theModelRepeatsWhateverRunsBeforeOrBeside() throws {
        let inputs: [(CaptionDocument, AudioSamples)] = try [31, 32].map { sentence in
            var spoken = try SpokenWords.make([SpeechScript.sentences[sentence]], voice: "en+f3", rate: 180, seed: UInt64(sentence))
            spoken.addPinkNoise(snr: 15, seed: UInt64(sentence))
            let wav = try Tool.temporaryDirectory() + "/speech\(sentence).wav"
            try spoken.writeWAV(to: wav)
            return (spoken.document, try AudioSamples.read(wav, sampleRate: 16_000))
        }
        @Sendable func words(_ k: Int) throws -> [Word] {
            var options = AudioWordAligner.Options()
            options.method = .acoustic
            options.agreement = 0
            return try AudioWordAligner.align(captions: inputs[k].0, samples: inputs[k].1.samples, sampleRate: 16_000, options: options)
                .document.events.flatMap(\.words)
        }
        let first = try words(0)
        expectTrue(first.count > 8 && first.allSatisfy { !$0.interpolated })
        _ = try words(1)
        expectEqual(try words(0), first)
        let results = Mutex<[Int: [Word]]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { k in
            let placed = (try? words(k % 2)) ?? []
            results.withLock { $0[k] = placed }
        }
        let beside = results.withLock { $0 }
        expectEqual(beside[0], first)
        expectEqual(beside[2], first)
        expectEqual(beside[1], beside[3])
    }
}
