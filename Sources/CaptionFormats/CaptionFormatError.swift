import CaptionModel

/// Why reading or writing failed. Each kind maps to one documented exit code (sysexits.h), so the
/// command line turns errors into codes in one place.
public struct CaptionFormatError: CaptionKitError {
    public enum Kind: Sendable {
        /// The input is not usable subtitles (exit 65).
        case malformed
        /// The input is missing or cannot be read (exit 66).
        case unreadable
        /// The output cannot be written (exit 73).
        case cannotWrite
        /// The request itself is wrong: unknown format or encoding name (exit 64).
        case usage
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }

    /// The exit code `captions` uses for this error's kind (sysexits.h).
    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .malformed: 65
        case .unreadable: 66
        case .cannotWrite: 73
        }
    }
}
