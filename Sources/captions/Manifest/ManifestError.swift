import CaptionModel
import Foundation

/// A manifest run's own failures (the jobs' are the toolkit's errors): a manifest or plan that is
/// malformed, missing, or asks something wrong, as one of the toolkit's kinds (`FailureKind`).
struct ManifestError: CaptionKitError {
    typealias Kind = FailureKind
    var kind: Kind
    var message: String
    init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    var description: String { message }
    var failure: FailureKind { kind }
}
