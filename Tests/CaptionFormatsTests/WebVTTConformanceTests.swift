import Foundation
import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The web-platform-tests WebVTT file-parsing cases in `Corpus/webvtt-wpt`: every cue's id, times,
/// raw text, raw settings and parsed settings, plus regions and stylesheets, against the suite's
/// expectations; the invalid cases must be rejected as malformed.
enum WebVTTCorpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/webvtt-wpt")

    struct IndexRow: Decodable { var test: String }

    /// Case names from `index.json`; empty (and so failing the count test) if the corpus is missing.
    static let cases: [String] = {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("index.json")),
              let rows = try? JSONDecoder().decode([IndexRow].self, from: data) else { return [] }
        return rows.map(\.test)
    }()

    /// A JSON value that is either a number or a string ("auto", "", "rl").
    enum NumberOrString: Decodable, Equatable {
        case number(Double)
        case string(String)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .string(try c.decode(String.self)) }
        }
    }

    struct Cue: Decodable {
        var id: String
        var start: Double
        var end: Double
        var text: String
        var settings: String
        var vertical: String
        var line: NumberOrString
        var snapToLines: Bool
        var lineAlign: String
        var position: NumberOrString
        var positionAlign: String
        var size: Double
        var align: String
        var region: Int?
    }

    struct Region: Decodable {
        var id: String
        var width: Double
        var lines: Double
        var regionAnchorX: Double
        var regionAnchorY: Double
        var viewportAnchorX: Double
        var viewportAnchorY: Double
        var scroll: String
    }

    struct Expected: Decodable {
        var valid: Bool
        var cues: [Cue]
        var regions: [Region]
        var stylesheets: [String]
    }

    static func load(_ name: String) throws -> (input: [UInt8], expected: Expected) {
        let input = try Data(contentsOf: root.appendingPathComponent("vtt/\(name).vtt"))
        let json = try Data(contentsOf: root.appendingPathComponent("expected/\(name).json"))
        return (Array(input), try JSONDecoder().decode(Expected.self, from: json))
    }
}

@Suite struct WebVTTConformanceTests {
    @Test func corpusHasAllCases() {
        expectEqual(WebVTTCorpus.cases.count, 48)
    }

    @Test(arguments: WebVTTCorpus.cases)
    func wptCase(_ name: String) throws {
        let (input, expected) = try WebVTTCorpus.load(name)
        // Decoding strips one byte-order mark, as for any input file; a second one stays and must fail.
        let decoded = try TextDecoding.decode(input, sourceName: "\(name).vtt")

        guard expected.valid else {
            do {
                _ = try WebVTTFormat.read(decoded)
                Issue.record("\(name): an invalid file was accepted")
            } catch let error as CaptionFormatError {
                expectEqual(error.kind, .malformed)
                expectTrue(error.message.hasPrefix("\(name).vtt: line 1: "))
            }
            expectEqual(WebVTTFormat.detect(decoded), .no)
            return
        }

        expectEqual(WebVTTFormat.detect(decoded), .certain)
        let document = try WebVTTFormat.read(decoded).document
        expectEqual(document.events.count, expected.cues.count, "cue count")
        expectEqual(document.regions.count, expected.regions.count, "region count")
        expectEqual(document.stylesheets, expected.stylesheets, "stylesheets")

        for (index, (event, cue)) in zip(document.events, expected.cues).enumerated() {
            let at = Comment(rawValue: "\(name) cue \(index)")
            expectEqual((event.id ?? ""), cue.id, at)
            expectEqual(event.start, CaptionTime.milliseconds(fromSeconds: cue.start), at)
            expectEqual(event.end, CaptionTime.milliseconds(fromSeconds: cue.end), at)
            expectEqual(event.sourceText, cue.text, at)
            expectEqual((event.settings ?? ""), cue.settings, at)

            let p = event.placement ?? CuePlacement()
            expectEqual(p.vertical.rawValue, cue.vertical, at)
            switch p.line {
            case .auto: expectEqual(cue.line, .string("auto"), at)
            case .number(let n), .percent(let n): expectEqual(cue.line, .number(n), at)
            }
            expectEqual(p.snapToLines, cue.snapToLines, at)
            expectEqual(p.lineAlign.rawValue, cue.lineAlign, at)
            expectEqual((p.position.map { .number($0) } ?? .string("auto")), cue.position, at)
            expectEqual(p.positionAlign.rawValue, cue.positionAlign, at)
            expectEqual(p.size, cue.size, at)
            expectEqual(p.align.rawValue, cue.align, at)
            // The suite names a cue's region by its place in the region list: the last region with the id.
            let regionIndex = p.region.flatMap { id in document.regions.lastIndex { $0.id == id } }
            expectEqual(regionIndex, cue.region, at)
        }

        for (index, (region, want)) in zip(document.regions, expected.regions).enumerated() {
            let at = Comment(rawValue: "\(name) region \(index)")
            expectEqual(region.id, want.id, at)
            expectEqual(region.width, want.width, at)
            // Region lines are unbounded in the spec; the model's Int saturates.
            expectEqual(Double(region.lines), min(want.lines, Double(Int.max)), at)
            expectEqual(region.regionAnchor, CuePlacement.Point(x: want.regionAnchorX, y: want.regionAnchorY), at)
            expectEqual(region.viewportAnchor, CuePlacement.Point(x: want.viewportAnchorX, y: want.viewportAnchorY), at)
            expectEqual(region.scrollUp, (want.scroll == "up"), at)
        }
    }
}
