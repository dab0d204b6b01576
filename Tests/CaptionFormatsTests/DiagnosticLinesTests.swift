import CaptionFormats
import CaptionExpectations
import Testing

/// What a command prints for a warning: a summary's items (each word OCR fixed) listed only when asked.
@Suite struct DiagnosticLinesTests {
    static func fixes(_ items: [String]) -> Diagnostic {
        var d = Diagnostic.warning(line: nil, "\(items.count) words read by OCR fixed where the en_US dictionary accepts the fix")
        d.details = items
        return d
    }

    @Test func aWarningWithoutDetailsIsOneLine() {
        let d = Diagnostic.warning(line: 12, "end time is before start time; cue skipped")
        expectEqual(d.printedLines(verbose: false), ["line 12: end time is before start time; cue skipped"])
        expectEqual(d.printedLines(verbose: true), ["line 12: end time is before start time; cue skipped"])
    }

    @Test func detailsAreCountedUnlessVerbose() {
        let d = Self.fixes(["l'm -> I'm (00:00:01.000)", "rnodern -> modern (00:00:04.500)"])
        expectEqual(d.printedLines(verbose: false), ["2 words read by OCR fixed where the en_US dictionary accepts the fix (--verbose lists them)"])
        expectEqual(d.printedLines(verbose: true), ["2 words read by OCR fixed where the en_US dictionary accepts the fix:",
                    "  l'm -> I'm (00:00:01.000)", "  rnodern -> modern (00:00:04.500)"])
    }

    @Test func aCommandWithoutVerboseNamesOneThatHasIt() {
        let d = Self.fixes(["l'm -> I'm (00:00:01.000)"])
        expectEqual(d.printedLines(verbose: nil), ["1 words read by OCR fixed where the en_US dictionary accepts the fix (captions convert --verbose lists it)"])
    }
}
