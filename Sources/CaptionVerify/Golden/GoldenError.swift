import CaptionModel

/// What stops a golden recording or check (frames that differ are results, not errors). Each message
/// names the file, and for a manifest the field. Its kind gives the toolkit's failure kind (`failure`), which gives the exit code.
public struct GoldenError: CaptionKitError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A manifest, golden frame or input is missing or unreadable (66).
        case missing
        /// A manifest or golden frame is malformed (65).
        case malformed
        /// Recording would replace an existing manifest without `force` (73).
        case exists
        /// A golden frame, manifest or report cannot be written (73).
        case cannotWrite
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }

    public var failure: FailureKind {
        switch kind {
        case .missing: .unreadable
        case .malformed: .malformed
        case .exists, .cannotWrite: .cannotWrite
        }
    }
}
