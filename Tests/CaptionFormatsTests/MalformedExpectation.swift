import CaptionExpectations
import Testing
@testable import CaptionFormats

/// Each input, read, fails as malformed with exactly the expected message.
func expectMalformed(_ cases: [(String, String)], read: (String) throws -> ParseResult,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    for (text, expected) in cases {
        do {
            _ = try read(text)
            Issue.record("read \(text)", sourceLocation: sourceLocation)
        } catch let error as CaptionFormatError {
            expectEqual(error.kind, .malformed, sourceLocation: sourceLocation)
            expectEqual(error.message, expected, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }
}
