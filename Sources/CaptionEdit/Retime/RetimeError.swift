/// A retime that cannot be done as asked (sync points that would reverse time); the message names
/// the points.
public struct RetimeError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
