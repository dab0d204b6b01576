import CaptionModel

/// Why a style could not be loaded; its kind is one of the toolkit's `FailureKind`s (the exit codes).
///
/// | kind | exit | when |
/// |---|---|---|
/// | `usage` | 64 | an unknown preset name on the command line |
/// | `malformed` | 65 | a style or preset file that is not valid JSON or breaks a rule (one line per problem) |
/// | `missing` | 66 | a style file or the presets folder that does not exist or cannot be read |
public struct StyleError: CaptionKitError {
    public enum Kind: Sendable {
        case usage
        case malformed
        case missing
    }
    public var kind: Kind
    /// One line per problem, each naming the file and the field (`my.json: box.padding_x: ...`).
    public var problems: [String]

    public init(_ kind: Kind, _ problems: [String]) { self.kind = kind; self.problems = problems }
    public init(_ kind: Kind, _ message: String) { self.init(kind, [message]) }

    public var message: String { problems.joined(separator: "\n") }
    public var description: String { message }

    public var failure: FailureKind {
        switch kind {
        case .usage: .usage
        case .malformed: .malformed
        case .missing: .unreadable
        }
    }
    public var lines: [String] { problems }
}
