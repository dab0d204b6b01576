import CaptionModel

/// Why reading or writing failed, as one of the toolkit's `FailureKind`s (which give the exit codes).
public struct CaptionFormatError: CaptionKitError {
    /// `usage` (64), `malformed` (65), `unreadable` (66), `cannotWrite` (73): the toolkit's kinds.
    public typealias Kind = FailureKind
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }
    public var failure: FailureKind { kind }
}
