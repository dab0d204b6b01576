import Testing

// The tests' expectations as functions rather than `#expect` (issue 43). Each `#expect` is a macro
// whose expansion the compiler type-checks again at every use, about 50 ms of CPU each; the test
// targets' ~4,400 of them were half the tests' build (CaptionFormatsTests: 155 CPU-s with the macro,
// 59 with these). They check the same condition and record a failure at the caller's line, with the
// comment; `expectEqual` also prints both values. `#require` and `#expect(throws:)` stay macros.

/// Records an issue at the caller's line when `condition` is false or throws (as `#expect` does: a
/// thrown error is recorded, not propagated).
public func expectTrue(_ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> Comment? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        if try !condition() { recordFailure(nil, comment(), at: sourceLocation) }
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
}

/// Records an issue, with both values, when `actual` and `expected` differ or either throws.
public func expectEqual<T: Equatable>(_ actual: @autoclosure () throws -> T, _ expected: @autoclosure () throws -> T,
                                      _ comment: @autoclosure () -> Comment? = nil,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let (a, b) = (try actual(), try expected())
        if a != b { recordFailure("\(shortened(a)) is not \(shortened(b))", comment(), at: sourceLocation) }
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
}

/// A failure at `location`: the comment, then what was found (either alone when the other is nil).
private func recordFailure(_ found: String?, _ comment: Comment?, at location: SourceLocation) {
    let text = [comment?.rawValue, found].compactMap { $0 }.joined(separator: ": ")
    Issue.record(Comment(rawValue: text.isEmpty ? "Expectation failed" : text), sourceLocation: location)
}

/// A value as the failure prints it: at most 400 characters (some are whole frames' bytes).
private func shortened(_ value: some Any) -> String {
    let text = String(reflecting: value)
    return text.count <= 400 ? text : String(text.prefix(400)) + "… (\(text.count) characters)"
}

/// Records an issue, with the value, when `value` is not nil or throws (any optional, Equatable or not).
public func expectNil<T>(_ value: @autoclosure () throws -> T?, _ comment: @autoclosure () -> Comment? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        if let v = try value() { recordFailure("expected nil, found \(shortened(v))", comment(), at: sourceLocation) }
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
}
