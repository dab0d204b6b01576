import CaptionModel

/// Why a style could not be loaded. Each kind maps to one documented exit code (sysexits.h), so the
/// command line turns style errors into codes in one place, as it does for caption files.
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

    /// The exit code `captions` uses for this error's kind (sysexits.h).
    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .malformed: 65
        case .missing: 66
        }
    }
}
