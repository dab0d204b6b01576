import CaptionModel
import Foundation
import CaptionExpectations
import Testing
@testable import CaptionFormats

/// The W3C IMSC test suite (Corpus/imsc-tests): every file read or refused with a reason, and the
/// captions of the timing tests changing at exactly the instants imscJS computes for them.
@Suite struct IMSCCorpusTests {
    static let files = CorpusLocation.files(under: "imsc-tests").filter { $0.hasSuffix(".ttml") }

    static func read(_ file: String) -> Result<ParseResult, Error> {
        Result { try CaptionFileReader.read(path: CorpusLocation.path(file)) }
    }

    /// `imsc1/ttml/timing/BasicTiming001.ttml` -> `imsc1/BasicTiming001`, the key of isd-times.json.
    static func key(_ file: String) -> String {
        let parts = file.split(separator: "/")
        return "\(parts[1])/\(parts.last!.dropLast(5))"
    }

    static let isdTimes: [String: [Double]] = {
        let data = FileManager.default.contents(atPath: CorpusLocation.path("imsc-tests/isd-times.json"))!
        return try! JSONSerialization.jsonObject(with: data) as! [String: [Double]]
    }()

    /// 0 and every caption's start and end, in milliseconds (but the day's end that stands for "never").
    static func instants(_ document: CaptionDocument) -> [Int] {
        Set([0] + document.events.flatMap { [$0.start, $0.end] }).subtracting([TTMLReader.openEnd]).sorted()
    }

    @Test func everyFileIsReadOrRefusedWithAReason() {
        expectEqual(Self.files.count, 321)
        var read = 0, refused: [String] = []
        for file in Self.files {
            switch Self.read(file) {
            case .success: read += 1
            case .failure(let error):
                refused.append("\(file): \(error)")
                expectTrue("\(error)".contains(CorpusLocation.path(file)), "the message names the file: \(error)")
            }
        }
        // Every text file of the suite reads (styling it cannot carry is reported); the one test of
        // image captions is refused, saying so.
        expectEqual(read, 320)
        expectTrue(refused.count == 1 && refused[0].hasSuffix("image001.ttml: line 20: the captions are images (<image>, IMSC's image profile); only text captions can be read"), "\(refused)")
    }

    /// Timing tests whose display changes come from `<set>` animation of style (a fade, `tts:display`),
    /// which the caption model does not carry: their text is read, their instants not compared.
    static let animated: Set<String> = ["imsc1/BasicTiming005"]

    /// What is shown just after `t` (or just before, with `before`).
    static func shown(_ document: CaptionDocument, at t: Int, before: Bool = false) -> [String] {
        document.events.filter { before ? ($0.start < t && $0.end >= t) : ($0.start <= t && $0.end > t) }.map(\.text.plain)
    }

    /// imscJS lists every instant an element begins or ends, also where its parent has already ended
    /// and nothing is shown on either side (`BasicTimeContainment003`: "This second sentence should not
    /// appear" begins at 10 s in a div that ends at 10 s, and imscJS lists 10, 15 and 20 s). The
    /// captions must change at exactly the listed instants where what is shown changes: every instant
    /// of ours is listed, and every listed instant we lack shows nothing before it and nothing after.
    @Test func timingTestsChangeAtTheListedInstants() throws {
        let timing = Self.files.filter { $0.contains("/ttml/timing/") }
        expectEqual(timing.count, 32)
        var exact = 0, compared = 0
        for file in timing where !Self.animated.contains(Self.key(file)) {
            let expected = try #require(Self.isdTimes[Self.key(file)], "\(file) has isd-times")
            let document = try Self.read(file).get().document
            let ours = Self.instants(document)
            let theirs = expected.map { Int(($0 * 1000).rounded()) }
            compared += 1
            if ours == theirs { exact += 1 }
            expectTrue(Set(ours).isSubset(of: theirs), "\(Self.key(file)): ours \(ours), imscJS \(theirs)")
            for t in Set(theirs).subtracting(ours) {
                expectTrue(Self.shown(document, at: t).isEmpty && Self.shown(document, at: t, before: true).isEmpty,
                        "\(Self.key(file)): imscJS changes at \(t) ms where captions show \(Self.shown(document, at: t))")
            }
        }
        // 31 timing tests compared (1 animates only opacity), 19 of them with exactly imscJS's list of
        // instants; in the others imscJS also lists instants of text that never shows (clipped by its
        // parent, or anonymous text in a `seq` container, which TTML gives no duration).
        expectEqual(compared, 31)
        expectEqual(exact, 19)
    }

    /// The timing tests say in their own words what must show when: "This text must appear at 5
    /// seconds", "This text must not appear". Every caption saying when it must appear starts then, and
    /// no caption holds text that must not appear (`tts:display="none"` until a `<set>` shows it included).
    @Test func timingTestsShowWhatTheirTextSays() throws {
        var promises = 0
        for file in Self.files where file.contains("/ttml/timing/") {
            for event in try Self.read(file).get().document.events {
                let text = event.text.plain.replacingOccurrences(of: "\n", with: " ")
                expectTrue(!text.contains("must not appear") && !text.contains("should not appear"), "\(Self.key(file)): \(text)")
                guard let range = text.range(of: "must appear at "),
                      let seconds = Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." }) else { continue }
                promises += 1
                expectEqual(event.start, Int(seconds * 1000), "\(Self.key(file)): '\(text)' starts at \(event.start) ms")
            }
        }
        expectTrue(promises > 30)
    }

    /// Beyond the timing folder: every test with listed instants whose captions change only where
    /// imscJS lists a change (styling tests change at 0 and the end only, so this checks the reader's
    /// timing on all of them).
    @Test func everyListedTestChangesOnlyAtListedInstants() throws {
        var checked = 0, outside: [String] = []
        for file in Self.files where !Self.animated.contains(Self.key(file)) {
            guard let expected = Self.isdTimes[Self.key(file)], let document = try? Self.read(file).get().document else { continue }
            checked += 1
            let theirs = Set(expected.map { Int(($0 * 1000).rounded()) })
            if !Set(Self.instants(document)).isSubset(of: theirs) { outside.append(Self.key(file)) }
        }
        expectTrue(checked > 250)
        expectTrue(outside.isEmpty, "captions change where imscJS lists nothing: \(outside)")
    }
}
