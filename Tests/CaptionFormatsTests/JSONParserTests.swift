import Foundation
import CaptionExpectations
import Testing
@testable import CaptionFormats

@Suite struct JSONParserTests {
    @Test func valuesOfEveryKind() throws {
        let v = try JSONParser.parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "n": NaN, "i": -Infinity}"#)
        expectEqual(v["a"]?.array, [.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null])
        expectTrue(v["b"]?["c"]?.string == "d")
        expectEqual(v["n"]?.number?.isNaN, true)
        expectEqual(v["i"]?.number, -.infinity)
        expectEqual(v.object?.keys, ["a", "b", "n", "i"])
    }

    @Test func stringEscapesAndSurrogates() throws {
        let v = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\u65e5", "\ud83c\udfac", "\ud83c", "é日"]"#)
        expectEqual(v.array?.compactMap(\.string), ["a\"b\\c/d\n\t", "é日", "🎬", "\u{FFFD}", "é日"])
    }

    @Test func agreesWithFoundationOnNumbers() throws {
        for text in ["0", "-0", "12345678901234", "0.1", "1.7976931348623157e308", "5e-324", "123456789012345678901234567890"] {
            let ours = try JSONParser.parse(text).number
            let theirs = try (JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSNumber)?.doubleValue
            expectEqual(ours, theirs, "\(text)")
        }
    }

    @Test func errorsSayWhere() {
        func failure(_ text: String) -> JSONParser.SyntaxError? {
            do { _ = try JSONParser.parse(text); return nil } catch { return error }
        }
        let truncated = failure("{\n  \"words\": [\n    {\"word\": \"So\", \"start\": 0.0")
        expectEqual(truncated?.line, 3)
        expectEqual(truncated?.message.contains("truncated"), true)
        expectEqual(failure("[1, 2,]")?.message.contains("where a value should be"), true)
        expectEqual(failure("{\"a\" 1}")?.column, 6)
        expectEqual(failure("\"tab\there\"")?.message.contains("control character"), true)
        expectEqual(failure("[1] [2]")?.message.contains("after the JSON value"), true)
        expectTrue(failure("") != nil)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }
}
