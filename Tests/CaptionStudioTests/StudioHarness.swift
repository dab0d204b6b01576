import CaptionRender
import CaptionTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A `captions studio` process as a user starts it, and requests to it over HTTP.
final class StudioProcess: @unchecked Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let captions = packageRoot.appendingPathComponent("Corpus/word-timed/whisperx.json").path

    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("captions")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/captions")
    }

    let process = Process()
    let url: String
    let port: Int
    let token: String
    private let errors = Pipe()

    /// Starts the studio and reads the URL it prints first.
    init(_ arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = ["studio", "--no-open"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        url = out.fileHandleForReading.readFirstLine()
        let components = URLComponents(string: url)
        port = components?.port ?? 0
        token = components?.queryItems?.first { $0.name == "token" }?.value ?? ""
        try #require(url.hasPrefix("http://127.0.0.1:") && port > 0 && token.count == 32, "studio printed '\(url)'")
    }

    /// SIGTERM, as systemd or a container runtime stops it; the exit status.
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate(); process.waitUntilExit() } }

    func address(_ path: String, _ query: [String: String] = [:], token: String? = nil) -> URL {
        var components = URLComponents(string: "http://127.0.0.1:\(port)\(path)")!
        var items = query.map { URLQueryItem(name: $0.key, value: $0.value) }
        if let token = token ?? Optional(self.token), !token.isEmpty { items.append(URLQueryItem(name: "token", value: token)) }
        components.queryItems = items.isEmpty ? nil : items
        return components.url!
    }

    struct Reply {
        var status: Int
        var body: Data
        var headers: [String: String] = [:]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    func request(_ method: String, _ path: String, _ query: [String: String] = [:], body: Data? = nil, token: String? = nil) async throws -> Reply {
        let (data, response) = try await URLSession.shared.data(for: urlRequest(method, path, query, body: body, token: token))
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return Reply(status: http.statusCode, body: data, headers: headers)
    }

    func get(_ path: String, _ query: [String: String] = [:]) async throws -> Reply { try await request("GET", path, query) }

    /// `GET path`'s JSON once its "state" is no longer `busy` (what the server works out in the
    /// background: shot changes, the waveform), asked every 50 ms for at most `timeout` seconds.
    func poll(_ path: String, whileState busy: String, timeout: TimeInterval = 30) async throws -> [String: Any] {
        var reply = try await get(path).json
        let deadline = Date().addingTimeInterval(timeout)
        while reply["state"] as? String == busy, Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
            reply = try await get(path).json
        }
        return reply
    }

    private func urlRequest(_ method: String, _ path: String, _ query: [String: String] = [:], body: Data?, token: String? = nil) -> URLRequest {
        var request = URLRequest(url: address(path, query, token: token))
        request.httpMethod = method
        request.httpBody = body
        return request
    }

    /// A POST that blocks this thread until the reply (URLSession answers on its own queue), for a test
    /// that must not be suspended: in a full parallel run an awaiting test may resume minutes later.
    func postBlocking(_ path: String, json: String) throws -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        URLSession.shared.dataTask(with: urlRequest("POST", path, body: Data(json.utf8))) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        return status
    }

    func put(_ path: String, json: String) async throws -> Reply { try await request("PUT", path, body: Data(json.utf8)) }

    func post(_ path: String, json: String) async throws -> Reply { try await request("POST", path, body: Data(json.utf8)) }

    /// The overlay at `t` decoded.
    func overlay(_ t: String) async throws -> RGBAImage {
        let reply = try await get("/overlay", ["t": t])
        try #require(reply.status == 200, "overlay \(t): \(reply.status) \(reply.text)")
        return try Self.decode(reply.body)
    }

    static func decode(_ png: Data) throws -> RGBAImage {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("studio-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try png.write(to: URL(fileURLWithPath: path))
        return try PNGFile.read(path)
    }

    /// `captions studio --no-open ARGUMENTS` run until it exits, as it does when it refuses its inputs
    /// before listening: its exit status and what it printed on stderr.
    static func runToExit(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["studio", "--no-open"] + arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A request written byte for byte (URLSession would normalise `..` away), and the status line's code.
    func raw(_ target: String) throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(connected == 0)
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var reply = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &reply, reply.count, 0)
        let head = String(decoding: reply.prefix(max(0, n)), as: UTF8.self)
        return Int(head.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}

enum StudioFixtures {
    static func ffmpeg(_ arguments: [String]) throws {
        try #require(try FFmpeg.run(arguments) == 0, "ffmpeg \(arguments.joined(separator: " "))")
    }

    /// A clip of `seconds` at `size`, 30 fps, H.264 (which Debian's Chromium plays). `smooth` is moving
    /// gradients instead of colour bars: Chromium and ffmpeg upsample 4:2:0 chroma differently, which
    /// shows at the bars' hard colour edges and says nothing about the captions.
    static func clip(in directory: URL, seconds: Int = 4, size: String = "360x640", smooth: Bool = false) throws -> String {
        let path = directory.appendingPathComponent("clip.mp4").path
        if seconds == 4 && size == "360x640" && !smooth {
            // Seven tests take this one: encoded once per test process, copied into each test's folder.
            try FileManager.default.copyItem(atPath: try defaultClip.get(), toPath: path)
            return path
        }
        return try encodeClip(path, seconds: seconds, size: size, smooth: smooth)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The default clip (4 s, 360x640, colour bars), made on first use; a `static let` is initialised
    /// once, also when tests run in parallel.
    static let defaultClip: Result<String, Failure> = {
        do {
            return .success(try encodeClip(try scratch().appendingPathComponent("clip.mp4").path, seconds: 4, size: "360x640", smooth: false))
        } catch {
            return .failure(Failure(description: "making the shared studio clip failed: \(error)"))
        }
    }()

    private static func encodeClip(_ path: String, seconds: Int, size: String, smooth: Bool) throws -> String {
        let source = smooth ? "gradients=size=\(size):rate=30:speed=0.02:seed=7" : "testsrc2=size=\(size):rate=30"
        try ffmpeg(["-f", "lavfi", "-i", source, "-t", String(seconds),
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", path])
        return path
    }

    /// A long flat-colour clip made cheaply: four encoded seconds repeated by stream copy (a 240-second
    /// clip in about a second rather than the minute encoding it whole takes), for a burn that must
    /// still be running when the test acts.
    static func longClip(in directory: URL, seconds: Int, size: String) throws -> String {
        let part = directory.appendingPathComponent("part.mp4").path, path = directory.appendingPathComponent("long.mp4").path
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0x3050a0:size=\(size):rate=30", "-t", "4",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", part])
        try ffmpeg(["-stream_loop", String(seconds / 4 - 1), "-i", part, "-c", "copy", path])
        try FileManager.default.removeItem(atPath: part)
        return path
    }

    /// The test captions copied into `directory`: the studio writes next to its captions.
    static func copyCaptions(into directory: URL) throws -> String {
        let path = directory.appendingPathComponent("whisperx.json").path
        try FileManager.default.copyItem(atPath: StudioProcess.captions, toPath: path)
        return path
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("captions-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `captions render` as a user runs it, read back.
    static func render(_ captions: String, at t: String, size: String, _ extra: [String] = [], in directory: URL) throws -> RGBAImage {
        let out = directory.appendingPathComponent("render-\(UUID().uuidString).png").path
        let process = Process()
        process.executableURL = StudioProcess.executable
        process.arguments = ["render", captions, "--at", t, "--size", size, "-o", out] + extra
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "render \(t) \(extra)")
        return try PNGFile.read(out)
    }
}
