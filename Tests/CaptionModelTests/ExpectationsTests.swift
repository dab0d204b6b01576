import CaptionExpectations
import Testing

/// The functions every test target checks with instead of `#expect`: each records a failure exactly
/// when its condition does not hold, and a thrown error as a failure, never passing it on.
@Suite struct ExpectationsTests {
    struct Thrown: Error {}
    static func fails() throws -> Int { throw Thrown() }

    @Test func aHoldingConditionRecordsNothing() {
        expectTrue(1 + 1 == 2)
        expectEqual([1, 2], [1, 2], "arrays")
        expectEqual(Optional(3), 3)
        expectNil(Int?.none)
    }

    @Test func aFailingConditionIsRecorded() {
        withKnownIssue { expectTrue(1 + 1 == 3) }
        withKnownIssue { expectEqual("a", "b", "letters") } matching: { issue in
            "\(issue)".contains("\"a\" is not \"b\"") && "\(issue)".contains("letters")
        }
        withKnownIssue { expectNil(Optional(4)) } matching: { "\($0)".contains("expected nil, found 4") }
    }

    @Test func aThrownErrorIsRecordedNotThrown() throws {
        // (`try` marks the closures throwing; `withKnownIssue` would record a thrown error too, so the
        // count of checks that went on after theirs shows none was thrown.)
        var wentOn = 0
        try withKnownIssue {
            expectTrue(try Self.fails() == 1)
            wentOn += 1
            expectEqual(try Self.fails(), 1)
            wentOn += 1
            expectNil(try Self.fails())
            wentOn += 1
        } matching: { $0.error is Thrown }
        expectEqual(wentOn, 3)
    }

    @Test func longValuesAreShortenedInTheMessage() {
        let long = String(repeating: "x", count: 5_000)
        withKnownIssue { expectEqual(long, "y") } matching: { issue in
            "\(issue)".contains("(5002 characters)") && "\(issue)".count < 1_000
        }
    }
}
