import CaptionEdit
import CaptionModel
import FlyingFox
import Foundation

/// The studio's HTTP server: FlyingFox on one address, every request checked for the session's token
/// and routed by `StudioRoutes`. `run()` returns when `stop()` is called.
public final class StudioServer: Sendable {
    public let session: StudioSession
    public let token: String
    private let server: HTTPServer
    private let burn: BurnJob
    private let noDelay = Once()

    /// Binds to `host` (127.0.0.1 unless the user asked otherwise) and `port` (0: any free port).
    public init(session: StudioSession, host: String = "127.0.0.1", port: UInt16 = 0, token: String = StudioServer.newToken()) throws(StudioError) {
        self.session = session
        self.token = token
        let routes = StudioRoutes(session: session, token: token, page: try PageAssets.load())
        burn = routes.burn
        let address: sockaddr_in
        do { address = try .inet(ip4: host, port: port) } catch {
            throw StudioError(400, "--host: '\(host)' is not an IPv4 address")
        }
        server = HTTPServer(config: .init(address: address, timeout: 60, logger: .disabled), handler: routes)
    }

    /// 128 random bits, hex: the page's URL carries it, every request must.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &generator)) }.joined()
    }

    public func run() async throws { try await server.run() }

    /// The port it listens on, once listening (and with Nagle's algorithm off: `ListenerNoDelay`).
    public func port() async throws -> Int {
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw StudioError(500, "not listening") }
        noDelay.once { ListenerNoDelay.enable(port: Int(port)) }
        return Int(port)
    }

    public func url(host: String = "127.0.0.1") async throws -> String {
        "http://\(host):\(try await port())/?token=\(token)"
    }

    /// Stops a burn the page started (its temporary file removed), then serving: `run()` returns only
    /// once nothing is left half-written, so the process can exit right after it.
    public func stop() async {
        burn.cancelAndWait()
        await server.stop(timeout: 1)
    }
}

/// Runs a body the first time only.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func once(_ body: () -> Void) {
        lock.withLock {
            guard !done else { return }
            done = true
            body()
        }
    }
}
