import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol, for the studio's browser test and benchmark:
/// wait for the page to say it is ready, read values, take screenshots, and collect everything the page
/// logged to its console or threw. A blocking WebSocket client of its own (RFC 6455, text frames,
/// masked as a client must), since Foundation's is not dependable on Linux.
public final class DevToolsBrowser {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ message: String) { description = message }
    }

    private let process = Process()
    private var socket: Int32 = -1
    private var nextID = 0
    private var buffer: [UInt8] = []
    /// Console messages (any level) and uncaught exceptions, in order.
    public private(set) var console: [String] = []
    /// The trace events `trace` is collecting, and whether Chromium has sent the last of them.
    private var traceEvents: [[String: Any]] = []
    private var traceComplete = false

    /// Starts Chromium and opens `url` in a viewport of `width` x `height` CSS pixels, one device pixel each.
    /// `flags`: more of Chromium's command-line switches (the timeline benchmark's unthrottled frames).
    public init(url: String, width: Int, height: Int, flags: [String] = [], chromium: String = "/usr/bin/chromium") throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)").path
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                             "--autoplay-policy=no-user-gesture-required", "--user-data-dir=\(profile)",
                             "--remote-debugging-port=0", "--window-size=\(width),\(height)"] + flags + ["about:blank"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
        var text = ""
        var port = 0
        let deadline = Date().addingTimeInterval(30)
        while port == 0, Date() < deadline {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: "ws://127.0.0.1:") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }
        guard port > 0 else { process.terminate(); throw Failure("chromium did not start its DevTools server: \(text.suffix(500))") }
        // Keep draining stderr so Chromium never blocks on it.
        let handle = err.fileHandleForReading
        Thread { while !handle.availableData.isEmpty {} }.start()
        let page = try Self.pageSocketPath(port: port)
        try connect(port: port, path: page)
        _ = try call("Runtime.enable")
        _ = try call("Page.enable")
        // The viewport exactly width x height at one device pixel per CSS pixel, then the page.
        _ = try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        _ = try call("Page.navigate", ["url": url])
    }

    deinit {
        if socket >= 0 { close(socket) }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    /// Evaluates `expression` (awaiting a promise) and returns its value as JSON-compatible Swift.
    public func evaluate(_ expression: String, timeout: TimeInterval = 60) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure("\(expression): \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "exception")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Polls `condition` (a JavaScript expression) until it is true. On a timeout the error gives the
    /// value of `describing` (another expression: what the page shows instead), when there is one.
    public func wait(for condition: String, timeout: TimeInterval = 30, describing: String? = nil) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // A page still loading has no body yet: an exception means "not yet".
            if try evaluate("(() => { try { return Boolean(\(condition)) } catch (e) { return false } })()") as? Bool == true { return }
            usleep(50_000)
        }
        let shown = try describing.map { " (\($0): \(String(describing: try evaluate($0) ?? "null")))" } ?? ""
        throw Failure("timed out waiting for \(condition)\(shown)")
    }

    /// The viewport as PNG bytes.
    public func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else { throw Failure("no screenshot data") }
        return data
    }

    /// A mouse event as the user's mouse makes it (`mousePressed`, `mouseMoved`, `mouseReleased`) at a
    /// point of the viewport, with the left button: the page sees real pointer events.
    public func mouse(_ type: String, x: Double, y: Double) throws {
        _ = try call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left",
                                                   "buttons": type == "mouseReleased" ? 0 : 1, "clickCount": 1])
    }

    /// Modifier keys held during `key`, as the DevTools protocol numbers them.
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let alt = Modifiers(rawValue: 1), control = Modifiers(rawValue: 2), shift = Modifiers(rawValue: 8)
    }

    /// A key pressed and released as the keyboard makes it: `key` is the DOM `KeyboardEvent.key` ("[",
    /// "Z", "ArrowDown", " "), `code` the physical key ("BracketLeft", "KeyZ", "ArrowDown", "Space").
    /// A printable key (one character, no Control or Alt) also types its character into a focused field.
    public func key(_ key: String, code: String, modifiers: Modifiers = []) throws {
        var down: [String: Any] = ["type": "keyDown", "key": key, "code": code, "modifiers": modifiers.rawValue]
        if key.count == 1, modifiers.isDisjoint(with: [.control, .alt]) { down["text"] = key }
        _ = try call("Input.dispatchKeyEvent", down)
        _ = try call("Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code, "modifiers": modifiers.rawValue])
    }

    /// What the DevTools Performance panel records: the main thread's tasks (scripts, style, layout,
    /// paint), the compositor's frames, and the page's own `performance.mark`s.
    public static let timelineCategories = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                                            "disabled-by-default-devtools.timeline.frame", "blink.user_timing", "toplevel"]

    /// The DevTools performance timeline of whatever `body` makes the page do: Chromium's trace events
    /// in `categories`, from before `body` to after it (each a dictionary as in a saved trace: "name",
    /// "cat", "ph", "ts" and "dur" in microseconds, "tid", "args").
    public func trace(categories: [String] = DevToolsBrowser.timelineCategories, _ body: () throws -> Void) throws -> [[String: Any]] {
        traceEvents = []
        traceComplete = false
        _ = try call("Tracing.start", ["traceConfig": ["includedCategories": categories], "transferMode": "ReportEvents"])
        try body()
        _ = try call("Tracing.end")
        let deadline = Date().addingTimeInterval(120)
        while !traceComplete, Date() < deadline {
            if let object = try receiveObject(until: deadline) { record(event: object) }
        }
        guard traceComplete else { throw Failure("Tracing: the trace did not end in 120 s") }
        defer { traceEvents = [] }
        return traceEvents
    }

    // MARK: Protocol

    private func call(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 60) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        let message = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params])
        try sendFrame(Array(message))
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let object = try receiveObject(until: deadline) else { continue }
            if object["id"] as? Int == id {
                if let error = object["error"] as? [String: Any] { throw Failure("\(method): \(error["message"] ?? error)") }
                return object["result"] as? [String: Any] ?? [:]
            }
            record(event: object)
        }
        throw Failure("\(method): no answer in \(Int(timeout)) s")
    }

    /// The next message as a JSON object; nil for a control frame or anything else.
    private func receiveObject(until deadline: Date) throws -> [String: Any]? {
        guard let text = try receiveMessage(until: deadline) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text))) as? [String: Any]
    }

    private func record(event: [String: Any]) {
        let params = event["params"] as? [String: Any] ?? [:]
        switch event["method"] as? String {
        case "Runtime.consoleAPICalled":
            let args = (params["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
            console.append("console.\(params["type"] ?? "log"): \(args.joined(separator: " "))")
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"] as? [String: Any] ?? [:]
            console.append("exception: \((details["exception"] as? [String: Any])?["description"] ?? details["text"] ?? "")")
        case "Tracing.dataCollected":
            traceEvents += params["value"] as? [[String: Any]] ?? []
        case "Tracing.tracingComplete":
            traceComplete = true
        default: break
        }
    }

    private static func pageSocketPath(port: Int) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let data = httpGet(port: port, path: "/json/list"),
               let targets = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]],
               let page = targets.first(where: { $0["type"] as? String == "page" }),
               let ws = page["webSocketDebuggerUrl"] as? String, let range = ws.range(of: "/devtools/") {
                return String(ws[range.lowerBound...])
            }
            usleep(100_000)
        }
        throw Failure("chromium has no page target")
    }

    /// A plain GET's body (Foundation's `Data(contentsOf:)` does not fetch http on Linux).
    private static func httpGet(port: Int, path: String) -> Data? {
        let fd = openSocket(port: port)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return nil }
        // Chromium keeps the connection open whatever the request says: read by Content-Length.
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let text = String(decoding: reply, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                guard head.hasPrefix("http/1.1 200"), let field = head.range(of: "content-length:") else { return nil }
                let length = Int(head[field.upperBound...].prefix { !$0.isNewline }.trimmingCharacters(in: .whitespaces)) ?? 0
                let body = Array(text[end.upperBound...].utf8)
                if body.count >= length { return Data(body.prefix(length)) }
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 5000) > 0 else { return nil }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            reply += chunk[..<n]
        }
    }

    private static func openSocket(port: Int) -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { close(fd); return -1 }
        return fd
    }

    // MARK: WebSocket

    private func connect(port: Int, path: String) throws {
        socket = Self.openSocket(port: port)
        guard socket >= 0 else { throw Failure("cannot connect to DevTools on port \(port)") }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: Y2FwdGlvbmtpdC1zdHVkaW8=\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try sendAll(Array(request.utf8))
        while true {
            if let end = find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                guard head.hasPrefix("HTTP/1.1 101") else { throw Failure("DevTools refused the WebSocket: \(head)") }
                return
            }
            try fill(until: Date().addingTimeInterval(10))
        }
    }

    private func sendFrame(_ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x81]
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            let length = UInt16(payload.count)
            frame += [UInt8(0x80 | 126), UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            let length = UInt64(payload.count)
            frame += (0..<8).reversed().map { (k: Int) -> UInt8 in UInt8(truncatingIfNeeded: length >> UInt64(k * 8)) }
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try sendAll(frame)
    }

    /// The next complete text message (continuation frames joined); nil for control frames.
    private func receiveMessage(until deadline: Date) throws -> [UInt8]? {
        var message: [UInt8] = []
        while true {
            while buffer.count < 2 { try fill(until: deadline) }
            let opcode = buffer[0] & 0x0F, fin = buffer[0] & 0x80 != 0
            var length = Int(buffer[1] & 0x7F), offset = 2
            if length == 126 {
                while buffer.count < 4 { try fill(until: deadline) }
                length = Int(buffer[2]) << 8 | Int(buffer[3]); offset = 4
            } else if length == 127 {
                while buffer.count < 10 { try fill(until: deadline) }
                length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }; offset = 10
            }
            while buffer.count < offset + length { try fill(until: deadline) }
            let payload = Array(buffer[offset..<(offset + length)])
            buffer.removeFirst(offset + length)
            switch opcode {
            case 0x1, 0x0:
                message += payload
                if fin { return message }
            case 0x8: throw Failure("DevTools closed the connection")
            default: if message.isEmpty { return nil }
            }
        }
    }

    private func fill(until deadline: Date) throws {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        guard poll(&descriptor, 1, wait) > 0 else { throw Failure("DevTools: nothing received in time") }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = recv(socket, &chunk, chunk.count, 0)
        guard n > 0 else { throw Failure("DevTools connection closed") }
        buffer += chunk[..<n]
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure("DevTools: cannot send") }
            offset += n
        }
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }
}
