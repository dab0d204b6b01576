import Foundation

/// A manifest run's own failures (the jobs' are the toolkit's errors), with their exit codes.
struct ManifestError: Error {
    enum Kind {
        case usage, malformed, missing
        var exitCode: Int32 {
            switch self {
            case .usage: 64
            case .malformed: 65
            case .missing: 66
            }
        }
    }
    var kind: Kind
    var message: String
    init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
}
