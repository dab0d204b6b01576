#if canImport(Glibc)
import Glibc
#endif

/// FlyingFox writes a response's header and body in two writes; with Nagle's algorithm on, the body's
/// last segment then waits for the client's delayed ACK, and every overlay took 44 ms on loopback
/// (measured with wrk; 0.5 ms without Nagle). FlyingFox does not expose its sockets, so this finds the
/// listening socket on `port` among the process's descriptors and sets TCP_NODELAY on it: Linux copies
/// the option into every connection it accepts.
enum ListenerNoDelay {
    @discardableResult
    static func enable(port: Int) -> Bool {
        var found = false
        for fd in Int32(0)..<Int32(4096) {
            var accepting: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else { continue }
            var address = sockaddr_in()
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), Int(UInt16(bigEndian: address.sin_port)) == port else { continue }
            var one: Int32 = 1
            found = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 || found
        }
        return found
    }
}
