import CaptionExpectations
import Testing
import CaptionModel
@testable import CaptionFormats

/// The toolkit's caption JSON read back when a placement or region member is out of range: the event
/// or region is skipped with a warning naming the member, never a trap (`Int(1e300)` crashed here).
@Suite struct CaptionJSONFieldTests {
    static func read(_ json: String) throws -> ParseResult {
        try CaptionJSONFormat.read(DecodedText(json, sourceName: "in.json"))
    }

    static func event(placement: String) -> String {
        #"{"start": 0, "end": 1000, "text": "Hi", "placement": \#(placement)}"#
    }

    @Test func placementNumbersAreCheckedBeforeTheyBecomeIntegers() throws {
        let cases: [(placement: String, warning: String)] = [
            (#"{"anchor": 1e300}"#, "in.json: events[1].placement.anchor: expected an integer, found 1e+300; event skipped"),
            (#"{"anchor": 12}"#, "in.json: events[1].placement.anchor: expected 1 to 9 (a numeric-keypad position), found 12; event skipped"),
            (#"{"anchor": "7"}"#, "in.json: events[1].placement.anchor: expected a number, found a string; event skipped"),
            (#"{"rect": {"x1": 10, "y2": -1e300}}"#, "in.json: events[1].placement.rect.y2: expected an integer, found -1e+300; event skipped"),
            (#"{"rect": {"x1": 0.5}}"#, "in.json: events[1].placement.rect.x1: expected an integer, found 0.5; event skipped"),
        ]
        for c in cases {
            let json = #"{"events": [\#(Self.event(placement: #"{"anchor": 7, "rect": {"x1": 1, "x2": 2, "y1": 3, "y2": 4}}"#)), \#(Self.event(placement: c.placement))]}"#
            let result = try Self.read(json)
            expectEqual(result.diagnostics.map(\.message), [c.warning], "\(c.placement)")
            // The good event before it is read whole.
            expectEqual(result.document.events.count, 1)
            expectEqual(result.document.events.first?.placement?.anchor, 7)
            expectEqual(result.document.events.first?.placement?.rect, CuePlacement.Rect(x1: 1, x2: 2, y1: 3, y2: 4))
        }
    }

    @Test func aRegionWithAnImpossibleLineCountIsSkipped() throws {
        let json = #"{"events": [\#(Self.event(placement: "{}"))], "regions": [{"id": "a", "lines": 1e300}, {"id": "b", "lines": 4}, {"id": "c", "lines": -2}]}"#
        let result = try Self.read(json)
        expectEqual(result.diagnostics.map(\.message), ["in.json: regions[0].lines: expected an integer, found 1e+300; region skipped",
                                                      "in.json: regions[2].lines: expected 0 or more, found -2; region skipped"])
        expectEqual(result.document.regions.map(\.id), ["b"])
        expectEqual(result.document.regions.first?.lines, 4)
    }
}
