/// A request the studio refuses: the HTTP status and the reasons, one per line (a style's problems
/// each name their field, as the loader words them).
public struct StudioError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var problems: [String]

    public init(_ status: Int, _ problems: [String]) { self.status = status; self.problems = problems }
    public init(_ status: Int, _ message: String) { self.init(status, [message]) }

    public var description: String { problems.joined(separator: "\n") }

    static func badRequest(_ message: String) -> StudioError { StudioError(400, message) }
    static func unprocessable(_ problems: [String]) -> StudioError { StudioError(422, problems) }
}
