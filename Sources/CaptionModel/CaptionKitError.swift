/// An error that carries the exit code the `captions` command line exits with for it.
///
/// Every error the toolkit reports conforms: `CaptionFormatError` (reading and writing caption files),
/// `StyleError` (presets and style files), `FontError` (no usable font for a style), `PNGFileError`
/// (reading and writing PNGs), `VideoError` (decoding, burning, encoding), `GoldenError` and
/// `VerifyError` (golden folders, verification). Each says what kind of failure it is
/// (`FailureKind`), and the kind alone gives the exit code, so a program that uses the library can
/// report any of them in one `catch`:
///
/// ```swift
/// } catch {
///     FileHandle.standardError.write(Data("my-tool: \(error)\n".utf8))
///     exit((error as? any CaptionKitError)?.exitCode ?? 1)
/// }
/// ```
public protocol CaptionKitError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is, which decides the exit code.
    var failure: FailureKind { get }
    /// The lines to print for it, one per problem (a style file may have several); by default its
    /// description.
    var lines: [String] { get }
}

extension CaptionKitError {
    /// The exit code `captions` uses for this error (64, 65, 66, 73 or 130).
    public var exitCode: Int32 { failure.exitCode }
    public var lines: [String] { [description] }
}

/// The kinds of failure the toolkit reports, and the one place they become exit codes (sysexits.h's).
public enum FailureKind: Sendable, Hashable {
    /// The request itself is wrong: an unknown preset, format or encoding name, options that do not go
    /// together, something the format cannot do (64).
    case usage
    /// The input is not usable: malformed captions, a style file that breaks a rule, a file that is
    /// not a video (65).
    case malformed
    /// The input is missing or cannot be read, or something it needs is (no font, no libass) (66).
    case unreadable
    /// The output cannot be written (73).
    case cannotWrite
    /// A burn or overlay was stopped (130; a signal's own 128 + N where the command knows it).
    case interrupted

    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .malformed: 65
        case .unreadable: 66
        case .cannotWrite: 73
        case .interrupted: 130
        }
    }
}

/// The toolkit's plain failure: a kind and one sentence naming the file (or field, or option). Reading
/// and writing caption files call it `CaptionFormatError`, video work `VideoError`: one type, so the two
/// modules' errors are told apart by nothing but their messages, and every catch sees the same fields.
public struct CaptionKitFailure: CaptionKitError, Hashable {
    public typealias Kind = FailureKind
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }
    public var failure: FailureKind { kind }
}
