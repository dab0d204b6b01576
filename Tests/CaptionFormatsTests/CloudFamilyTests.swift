import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The cloud speech-to-text adapters (Deepgram, AssemblyAI, AWS Transcribe, Google v1/v2, Rev.ai) and
/// YouTube's three formats (json3, srv3, auto-caption WebVTT): each format's traps, forcing by name,
/// signatures that claim only their own corpus file, and broken input reported by path.
@Suite struct CloudFamilyTests {
    // MARK: - Helpers

    static func text(_ string: String, name: String = "test.json") -> DecodedText { DecodedText(string, sourceName: name) }

    /// Reads `string` as `format` (default: detected through the JSON family, as a `.json` file is).
    static func read(_ string: String, as format: (any SubtitleFormat.Type)? = nil) throws -> ParseResult {
        try (format ?? CaptionJSONFormat.self).read(text(string))
    }

    static func words(_ result: ParseResult) -> [Word] { result.document.events.flatMap(\.words) }
    static func texts(_ result: ParseResult) -> [String] { words(result).map(\.text) }
    static func source(_ result: ParseResult) -> String? {
        result.wordTimedSource
    }
    static func warnings(_ result: ParseResult) -> [String] { result.diagnostics.map(\.message) }

    static func error(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    // MARK: - Deepgram

    static let deepgram = """
    {"metadata":{"request_id":"x"},"results":{"channels":[
      {"alternatives":[
        {"words":[
          {"word":"so","start":0.0,"end":0.18,"speaker":0,"punctuated_word":"So"},
          {"word":"styles","start":0.2,"end":0.5,"speaker":0,"punctuated_word":"styles."},
          {"word":"go","start":1.0,"end":1.25,"speaker":1}
        ]},
        {"words":[{"word":"alternative","start":0,"end":1}]}
      ]},
      {"alternatives":[{"words":[{"word":"other","start":0,"end":1,"punctuated_word":"Other"}]}]}
    ]}}
    """

    @Test func deepgramPunctuatedWordSpeakerAndFirstChannel() throws {
        let result = try Self.read(Self.deepgram)
        expectEqual(Self.source(result), "deepgram")
        let words = Self.words(result)
        expectEqual(words.map(\.text), ["So", "styles.", "go"]) // punctuated_word, else word
        expectEqual(words.map(\.start), [0, 200, 1000])
        expectEqual(words.map(\.end), [180, 500, 1250])
        expectEqual(words.map(\.speaker), ["0", "0", "1"])
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func deepgramUtterancesSplitSegmentsAndOtherChannelWhenFirstIsEmpty() throws {
        let json = """
        {"results":{"channels":[
          {"alternatives":[{"words":[]}]},
          {"alternatives":[{"words":[
            {"word":"a","start":0,"end":0.5},{"word":"b","start":0.5,"end":1},{"word":"c","start":3,"end":3.5}]}]}
        ],"utterances":[{"start":0,"end":1,"channel":1},{"start":3,"end":3.5,"channel":1},{"start":0.5,"end":1,"channel":0}]}}
        """
        let result = try Self.read(json)
        expectEqual(result.document.events.map { $0.words.map(\.text) }, [["a", "b"], ["c"]])
    }

    /// A channel number too big for an Int (or not whole) is another channel, not a trap: its
    /// utterance at 1 s does not split "a b".
    @Test func deepgramUtteranceOfAHugeChannelIsAnotherChannel() throws {
        let json = """
        {"results":{"channels":[{"alternatives":[{"words":[
            {"word":"a","start":0,"end":0.5},{"word":"b","start":1,"end":1.5},{"word":"c","start":3,"end":3.5}]}]}
        ],"utterances":[{"start":0,"end":1.5,"channel":0},{"start":1,"end":1.5,"channel":1e300},
                        {"start":1,"end":1.5,"channel":0.5},{"start":3,"end":3.5,"channel":0}]}}
        """
        let events = try Self.read(json).document.events.map { $0.words.map(\.text) }
        expectEqual(events, [["a", "b"], ["c"]], "\(events)")
    }

    // MARK: - AssemblyAI

    @Test func assemblyAIMillisecondsAndLetterSpeakers() throws {
        let json = """
        {"id":"x","status":"completed","audio_duration":4,"text":"Hi there. Bye!",
         "words":[{"text":"Hi","start":0,"end":180,"confidence":0.9,"speaker":"A"},
                  {"text":"there.","start":180,"end":520,"speaker":"A"},
                  {"text":"Bye!","start":3100,"end":3620,"speaker":"B"}],
         "utterances":[{"speaker":"A","start":0,"end":520},{"speaker":"B","start":3100,"end":3620}]}
        """
        let result = try Self.read(json)
        expectEqual(Self.source(result), "assemblyai")
        let words = Self.words(result)
        expectEqual(words.map(\.start), [0, 180, 3100]) // milliseconds, not seconds
        expectEqual(words.map(\.end), [180, 520, 3620])
        expectEqual(words.map(\.speaker), ["A", "A", "B"])
        expectEqual(result.document.events.count, 2) // one per utterance
    }

    @Test func assemblyAIUnfinishedTranscriptSaysWhy() {
        let message = Self.error { _ = try Self.read(#"{"id":"x","status":"error","error":"Download failed","audio_url":"u","words":null}"#) }
        expectEqual(message?.contains("words"), true)
        expectEqual(message?.contains("'error'"), true)
        expectEqual(message?.contains("Download failed"), true)
    }

    // MARK: - AWS Transcribe

    static let aws = """
    {"jobName":"j","status":"COMPLETED","results":{"items":[
      {"type":"pronunciation","alternatives":[{"confidence":"0.9","content":"caption"}],"start_time":"1.40","end_time":"1.82"},
      {"type":"pronunciation","alternatives":[{"confidence":"0.9","content":"styles"}],"start_time":"1.82","end_time":"2.40"},
      {"type":"punctuation","alternatives":[{"confidence":"0.0","content":"."}]},
      {"type":"pronunciation","alternatives":[{"confidence":"0.9","content":"Go"}],"start_time":"3.30","end_time":"3.62"},
      {"type":"punctuation","alternatives":[{"confidence":"0.0","content":"!"}]}
    ],"speaker_labels":{"speakers":2,"segments":[
      {"start_time":"1.40","end_time":"2.40","speaker_label":"spk_0","items":[
        {"start_time":"1.40","end_time":"1.82","speaker_label":"spk_0"},{"start_time":"1.82","end_time":"2.40","speaker_label":"spk_0"}]},
      {"start_time":"3.30","end_time":"3.62","speaker_label":"spk_1","items":[
        {"start_time":"3.30","end_time":"3.62","speaker_label":"spk_1"}]}]}}}
    """

    @Test func awsStringSecondsPunctuationAndSpeakerSegments() throws {
        let result = try Self.read(Self.aws)
        expectEqual(Self.source(result), "aws")
        let words = Self.words(result)
        expectEqual(words.map(\.text), ["caption", "styles.", "Go!"])
        expectEqual(words.map(\.start), [1400, 1820, 3300])
        expectEqual(words.map(\.end), [1820, 2400, 3620])
        expectEqual(words.map(\.speaker), ["spk_0", "spk_0", "spk_1"]) // from speaker_labels.segments
        expectEqual(result.document.events.count, 2) // one per speaker segment
        expectTrue(result.diagnostics.isEmpty)
    }

    @Test func awsTimesThatAreNotNumbersAreReportedByPath() throws {
        let json = Self.aws.replacingOccurrences(of: #""start_time":"1.82","end_time":"2.40"},"#,
                                                 with: #""start_time":"abc","end_time":"2.40"},"#)
        let result = try Self.read(json)
        expectEqual(Self.texts(result), ["caption", "styles.", "Go!"])
        let warning = Self.warnings(result).first { $0.contains("results.items[1]") }
        expectEqual(warning?.contains(#""start_time" "abc" is not a number of seconds"#), true, "\(Self.warnings(result))")
        // The start is interpolated from the word before it.
        expectTrue(Self.words(result)[1].start == 1820 && Self.words(result)[1].interpolated)
    }

    // MARK: - Google

    @Test func googleV1DurationsAndV2Offsets() throws {
        let v1 = """
        {"results":[{"alternatives":[{"transcript":"hi there","words":[
          {"endTime":"0.200s","word":"hi"},{"startTime":"0.2s","endTime":"1.300s","word":"there"}]}],"resultEndTime":"1.300s"}]}
        """
        let r1 = try Self.read(v1)
        expectEqual(Self.source(r1), "google")
        expectEqual(Self.words(r1).map(\.start), [0, 200]) // a missing start is proto3's 0s
        expectEqual(Self.words(r1).map(\.end), [200, 1300])

        let v2 = """
        {"results":[{"alternatives":[{"words":[
          {"startOffset":"0s","endOffset":"0.5s","word":"Hi"},{"startOffset":"0.5s","endOffset":"1.25s","word":"there.","speakerLabel":"2"}]}],"resultEndOffset":"1.300s"}]}
        """
        let r2 = try Self.read(v2)
        expectEqual(Self.source(r2), "google-v2")
        expectEqual(Self.texts(r2), ["Hi", "there."])
        expectEqual(Self.words(r2).map(\.end), [500, 1250])
        expectEqual(Self.words(r2).map(\.speaker), [nil, "2"])
    }

    @Test func googleDiarizationRepeatIsNotDoubled() throws {
        let json = """
        {"results":[
          {"alternatives":[{"transcript":"so today","words":[
            {"startTime":"0s","endTime":"0.2s","word":"So"},{"startTime":"0.2s","endTime":"0.5s","word":"today"}]}]},
          {"alternatives":[{"transcript":"let's go","words":[
            {"startTime":"3.1s","endTime":"3.3s","word":"let's"},{"startTime":"3.3s","endTime":"3.6s","word":"go"}]}]},
          {"alternatives":[{"words":[
            {"startTime":"0s","endTime":"0.2s","word":"So","speakerTag":1},{"startTime":"0.2s","endTime":"0.5s","word":"today","speakerTag":1},
            {"startTime":"3.1s","endTime":"3.3s","word":"let's","speakerTag":2},{"startTime":"3.3s","endTime":"3.6s","word":"go","speakerTag":2}]}]}
        ]}
        """
        let result = try Self.read(json)
        expectEqual(Self.texts(result), ["So", "today", "let's", "go"])
        expectEqual(Self.words(result).map(\.speaker), ["1", "1", "2", "2"])
        expectEqual(result.document.events.count, 2) // the earlier results' segments are kept
    }

    @Test func googleResultsThatDoNotRepeatAreAllRead() throws {
        let json = """
        {"results":[
          {"alternatives":[{"words":[{"startTime":"0s","endTime":"0.2s","word":"one","speakerTag":1}]}]},
          {"alternatives":[{"words":[{"startTime":"1s","endTime":"1.2s","word":"two","speakerTag":2}]}]}
        ]}
        """
        expectEqual(Self.texts(try Self.read(json)), ["one", "two"])
        // The same word said again later is not a repeat of the results before it.
        let again = json.replacingOccurrences(of: #""word":"two""#, with: #""word":"one""#)
        expectEqual(Self.texts(try Self.read(again)), ["one", "one"])
    }

    @Test func googleWithoutWordTimesSaysHowToGetThem() {
        let message = Self.error { _ = try Self.read(#"{"results":[{"alternatives":[{"transcript":"hi","confidence":0.9}]}]}"#) }
        expectEqual(message?.contains("results[0].alternatives[0].words"), true)
        expectEqual(message?.contains("enableWordTimeOffsets"), true)
    }

    // MARK: - Rev.ai

    @Test func revAIPunctuationJoinsWordsAndSpacesAreDropped() throws {
        let json = """
        {"monologues":[
          {"speaker":0,"elements":[
            {"type":"text","value":"Hello","ts":0.5,"end_ts":0.9,"confidence":1},{"type":"punct","value":","},
            {"type":"punct","value":" "},{"type":"unknown","value":"<unknown>","ts":1.0,"end_ts":1.1},
            {"type":"punct","value":" "},{"type":"text","value":"world","ts":1.2,"end_ts":1.5},{"type":"punct","value":"."}]},
          {"speaker":1,"elements":[{"type":"text","value":"Hi","ts":2,"end_ts":2.25},{"type":"punct","value":"!"}]}
        ]}
        """
        let result = try Self.read(json)
        expectEqual(Self.source(result), "revai")
        expectEqual(Self.texts(result), ["Hello,", "world.", "Hi!"])
        expectEqual(Self.words(result).map(\.start), [500, 1200, 2000])
        expectEqual(Self.words(result).map(\.end), [900, 1500, 2250])
        expectEqual(Self.words(result).map(\.speaker), ["0", "0", "1"])
        expectEqual(result.document.events.count, 2) // one per monologue
    }

    // MARK: - YouTube json3

    @Test func youTubeJSON3OffsetsAppendEventsAndStartsOnly() throws {
        let json = """
        {"wireMagic":"pb3","events":[
          {"tStartMs":0,"dDurationMs":5000,"id":1,"wpWinPosId":1},
          {"tStartMs":1000,"dDurationMs":4000,"wWinId":1,"segs":[{"utf8":"we"},{"utf8":"'re","tOffsetMs":100},{"utf8":" three","tOffsetMs":400}]},
          {"tStartMs":1900,"dDurationMs":100,"wWinId":1,"aAppend":1,"segs":[{"utf8":"\\n"}]},
          {"tStartMs":3000,"dDurationMs":500,"wWinId":1,"segs":[{"utf8":"go &amp;","tOffsetMs":0}]}
        ]}
        """
        let result = try Self.read(json, as: try FormatRegistry.format(named: "youtube-json3"))
        expectEqual(Self.source(result), "youtube-json3")
        let words = Self.words(result)
        expectEqual(words.map(\.text), ["we're", "three", "go", "&amp;"]) // text as written: no HTML in json3
        expectEqual(words.prefix(3).map(\.start), [1000, 1400, 3000])
        // Starts only: a word ends at the next word's start; the line ends where the next line starts
        // (its 4000 ms duration overlaps the next line).
        expectEqual(words[0].end, 1400)
        expectEqual(words[1].end, 3000)
        expectTrue(words[3].interpolated) // the second word of a seg has no time of its own
    }

    // MARK: - YouTube srv3

    static let srv3 = """
    <?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
    <head><wp id="0"/></head>
    <body>
    <w t="0" id="1" wp="1" ws="1"/>
    <p t="1000" d="2000" w="1"><s ac="0">rock</s><s t="300" ac="0"> &amp;</s><s t="600" ac="0"> roll&#39;s</s></p>
    <p t="2400" d="100" w="1" a="1">
    </p>
    <p t="3000" d="500">Hello &quot;world&quot;</p>
    </body>
    </timedtext>
    """

    @Test func youTubeSRV3OffsetsEntitiesAndDetection() throws {
        let text = Self.text(Self.srv3, name: "clip.srv3")
        expectEqual(YouTubeSRV3Format.detect(text), .certain)
        expectEqual(FormatRegistry.detect(text, pathHint: "clip.xml")?.name, "srv3")
        let result = try YouTubeSRV3Format.read(text)
        expectEqual(Self.source(result), "srv3")
        let words = Self.words(result)
        expectEqual(words.map(\.text), ["rock", "&", "roll's", "Hello", "\"world\""])
        expectEqual(words.prefix(4).map(\.start), [1000, 1300, 1600, 3000])
        expectEqual(words[2].end, 3000) // the line ends at 3000 (t + d), the next line's start
        expectTrue(!YouTubeSRV3Format.canWrite)
        expectEqual(YouTubeSRV3Format.detect(Self.text("<timedtext format=\"2\"><body/></timedtext>")), .no)
    }

    @Test func youTubeSRV3BadTimeIsReportedWithItsLine() throws {
        let broken = Self.srv3.replacingOccurrences(of: #"<s t="300" ac="0">"#, with: #"<s t="x" ac="0">"#)
        let result = try YouTubeSRV3Format.read(Self.text(broken, name: "clip.srv3"))
        expectEqual(Self.texts(result).count, 5)
        expectTrue(Self.warnings(result).contains { $0.contains("body.p[0].s[1] (line 5)") && $0.contains("t=\"x\"") },
                "\(Self.warnings(result))")
    }

    // MARK: - YouTube auto-caption WebVTT

    static let autoVTT = """
    WEBVTT
    Kind: captions
    Language: en

    00:00:00.000 --> 00:00:02.390 align:start position:0%
     
    so<00:00:00.180><c> today</c><00:00:00.520><c> we're</c>

    00:00:02.390 --> 00:00:02.400 align:start position:0%
    so today we're
     

    00:00:02.400 --> 00:00:04.000 align:start position:0%
    so today we're
    testing<00:00:02.900><c> three</c>

    00:00:04.000 --> 00:00:04.010 align:start position:0%
    testing three
     

    00:00:04.010 --> 00:00:06.000 align:start position:0%
    testing three
    captions<00:00:04.500><c> &amp;</c><00:00:05.000><c> styles</c>

    """

    @Test func youTubeAutoVTTDedupesRollingCues() throws {
        let text = Self.text(Self.autoVTT, name: "clip.en.vtt")
        expectEqual(YouTubeAutoVTT.detect(text), .certain)
        let result = try YouTubeAutoVTT.read(text)
        expectEqual(Self.source(result), "youtube-vtt")
        let words = Self.words(result)
        // Each word once, in order: the repeated lines and the 10 ms transition cues add nothing.
        expectEqual(words.map(\.text), ["so", "today", "we're", "testing", "three", "captions", "&", "styles"])
        // Words before a line's first timestamp start at its cue's start.
        let starts: [Milliseconds] = [0, 180, 520, 2400, 2900, 4010, 4500, 5000]
        expectEqual(words.map(\.start), starts)
        expectTrue(words[2].end == 2390 && words[7].end == 6000)
        expectEqual(result.document.events.count, 3)
        // As plain WebVTT the same file repeats every line.
        let plain = try WebVTTFormat.read(text)
        let testing: [Word] = plain.document.events.flatMap(\.words).filter { $0.text == "testing" }
        expectEqual(testing.count, 2)
    }

    @Test func youTubeAutoVTTSignatureIsNarrow() {
        // Karaoke WebVTT made by hand (no Kind: captions) and YouTube VTT without inline timestamps stay WebVTT.
        let karaoke = "WEBVTT\n\n00:00.000 --> 00:02.000\nso<00:00.500><c> today</c>\n"
        expectEqual(YouTubeAutoVTT.detect(Self.text(karaoke)), .no)
        let manual = "WEBVTT\nKind: captions\nLanguage: en\n\n00:00.000 --> 00:02.000\nso today\n"
        expectEqual(YouTubeAutoVTT.detect(Self.text(manual)), .no)
        let late = "WEBVTT\n\nNOTE Kind: captions\n\n00:00.000 --> 00:02.000\nso<00:00.500><c> today</c>\n"
        expectEqual(YouTubeAutoVTT.detect(Self.text(late)), .no)
        expectTrue(!YouTubeAutoVTT.canWrite)
        expectEqual(FormatRegistry.names.prefix(3), ["srv3", "youtube-vtt", "vtt"])
    }

    // MARK: - Forcing by name

    static let corpusFiles: [String: String] = [
        "deepgram": "deepgram.json", "assemblyai": "assemblyai.json", "aws": "aws_transcribe.json",
        "google": "google_stt_v1.json", "google-v2": "google_stt_v2.json", "revai": "rev_ai.json",
        "youtube-json3": "youtube.json3", "srv3": "youtube.srv3.xml", "youtube-vtt": "youtube_auto.vtt",
    ]

    @Test(arguments: corpusFiles.keys.sorted())
    func fromNameReadsItsCorpusFile(_ name: String) throws {
        let format = try FormatRegistry.format(named: name)
        expectEqual(format.name, name)
        expectTrue(FormatRegistry.inputNames.contains(name))
        expectTrue(!FormatRegistry.outputNames.contains(name))
        let result = try CaptionFileReader.read(path: CorpusLocation.path("word-timed/" + Self.corpusFiles[name]!), format: name)
        let texts = Self.texts(result).map { $0.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" } }
        expectEqual(texts, ["so", "today", "we're", "testing", name.contains("youtube") || name == "srv3" ? "three" : "3",
                          "caption", "styles", "let's", "go"])
        expectEqual(Self.source(result), name)
        expectTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func fromTheWrongNameSaysWhatIsMissing() {
        let path = CorpusLocation.path("word-timed/assemblyai.json")
        let message = Self.error { _ = try CaptionFileReader.read(path: path, format: "deepgram") }
        expectEqual(message?.contains("Deepgram JSON: results.channels: missing"), true, "\(message ?? "")")
        let srv3 = Self.error { _ = try CaptionFileReader.read(path: path, format: "srv3") }
        expectEqual(srv3?.contains("not YouTube srv3"), true)
    }

    // MARK: - Signatures claim only their own file

    static let jsonFiles = CorpusLocation.files(under: "word-timed").filter { $0.hasSuffix(".json") || $0.hasSuffix(".json3") }

    @Test func eachSignatureClaimsExactlyItsOwnCorpusFile() throws {
        expectEqual(Self.jsonFiles.count, 16)
        let roots = try Self.jsonFiles.map { relative -> (String, JSONValue) in
            let data = try String(contentsOfFile: CorpusLocation.path(relative), encoding: .utf8)
            return ((relative as NSString).lastPathComponent, try JSONParser.parse(data))
        }
        for format in WordTimedFormats.cloudFamily {
            let claimed = roots.filter { format.matches($0.1) }.map(\.0)
            expectEqual(claimed, [Self.corpusFiles[format.name]], "\(format.name) claims \(claimed)")
        }
        // Detection as a whole: each of these files goes to its own format.
        for (name, file) in Self.corpusFiles where file.hasSuffix(".json") || file.hasSuffix(".json3") {
            let root = try #require(roots.first { $0.0 == file }?.1)
            expectEqual(WordTimedFormats.all.first { $0.matches(root) }?.name, name)
        }
    }

    // MARK: - Broken input

    @Test func aWordThatIsNotAnObjectIsSkippedWithItsPath() throws {
        let json = Self.deepgram.replacingOccurrences(of: #"{"word":"so","start":0.0,"end":0.18,"speaker":0,"punctuated_word":"So"}"#,
                                                      with: #""So""#)
        let result = try Self.read(json)
        expectEqual(Self.texts(result), ["styles.", "go"])
        expectTrue(Self.warnings(result).contains("test.json: results.channels[0].alternatives[0].words[0]: is a string, not a word object; skipped"),
                "\(Self.warnings(result))")
    }

    @Test func aWordWithoutTextIsSkippedWithItsPath() throws {
        let json = #"{"status":"completed","words":[{"start":0,"end":100},{"text":"ok","start":100,"end":200},{"text":7,"start":200,"end":300}]}"#
        let result = try Self.read(json)
        expectEqual(Self.texts(result), ["ok"])
        expectTrue(Self.warnings(result).contains { $0.contains("words[0]: has no text (\"text\")") })
        expectTrue(Self.warnings(result).contains { $0.contains("words[2]: its text (\"text\") is a number, not a string") })
    }

    @Test func nothingUsableLeftIsAnErrorNamingTheFirstProblem() {
        let message = Self.error { _ = try Self.read(#"{"monologues":[{"speaker":0,"elements":["Hello",{"type":"text","ts":1}]}]}"#) }
        expectEqual(message, "test.json: Rev.ai JSON: monologues[0].elements[0]: is a string, not an element object, and no usable word remains")
        let untimed = Self.error { _ = try Self.read(#"{"status":"completed","words":[{"text":"a"},{"text":"b","start":"soon"}]}"#) }
        expectEqual(untimed?.contains("AssemblyAI JSON: words: none of the 2 words has a usable time"), true, "\(untimed ?? "")")
    }

    @Test func aBrokenItemListIsAnError() {
        let message = Self.error { _ = try Self.read(#"{"jobName":"j","results":{"items":[{"type":"pronunciation"}]}}"#) }
        expectEqual(message?.contains("AWS Transcribe JSON: results.items[0]: has no \"alternatives\"[0] object"), true, "\(message ?? "")")
    }

    @Test func truncatedJSONIsMalformedWithItsLine() {
        let truncated = String(Self.aws.prefix(200))
        for format in [CaptionJSONFormat.self, AWSTranscribeJSON.self] as [any SubtitleFormat.Type] {
            do {
                _ = try format.read(Self.text(truncated))
                Issue.record("\(format.name) read truncated JSON")
            } catch let error as CaptionFormatError {
                expectEqual(error.kind, .malformed)
                expectTrue(error.message.hasPrefix("test.json: not valid JSON: line "), "\(error.message)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func truncatedSRV3KeepsWhatItRead() throws {
        let cut = try #require(Self.srv3.range(of: "<s t=\"600\""))
        let truncated = String(Self.srv3[..<cut.upperBound])
        let result = try YouTubeSRV3Format.read(Self.text(truncated, name: "cut.srv3"))
        expectEqual(Self.texts(result), ["rock", "&"])
        expectTrue(Self.warnings(result).contains { $0.contains("not closed") })
    }
}
