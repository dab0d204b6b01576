import CaptionEdit
import CaptionFormats
import CaptionModel
import CaptionStyles
import CaptionVideo
import FlyingFox
import Foundation

/// Every request the studio answers (the HTTP contract the README documents). Checks come first: the
/// token (403), then the path (400 for `..`, encoded dots or doubled slashes; 404 for anything not in
/// the table, since no URL maps onto the file system), then the body's size (413).
struct StudioRoutes: HTTPHandler {
    static let bodyLimit = 16 << 20

    let session: StudioSession
    let token: String
    let page: PageAssets
    let overlays = OverlayRenderer()
    let files: StudioFiles
    let burn = BurnJob()
    let pageStats = PageStats()

    init(session: StudioSession, token: String, page: PageAssets) {
        self.session = session
        self.token = token
        self.page = page
        files = StudioFiles(session: session)
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard Self.sameToken(Self.query(request, "token") ?? request.headers[HTTPHeader("X-Studio-Token")] ?? "", token) else {
            return Self.error(StudioError(403, "missing or wrong token: open the URL the studio printed"))
        }
        let rawPath = String(request.target.rawValue.prefix { $0 != "?" }).lowercased()
        if rawPath.contains("..") || rawPath.contains("%2e") || rawPath.contains("//") || rawPath.contains("\\") || rawPath.contains("%2f") || rawPath.contains("%5c") {
            return Self.error(StudioError(400, "path refused: the studio serves only its page, the video and its API"))
        }
        do {
            return try await route(request)
        } catch let error as StudioError {
            return Self.error(error)
        }
    }

    private func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch (request.method, request.path) {
        case (.GET, "/"), (.GET, "/index.html"):
            let html = String(decoding: page.files["index.html"]!, as: UTF8.self).replacingOccurrences(of: "{{TOKEN}}", with: token)
            return Self.response(Data(html.utf8), type: PageAssets.names["index.html"]!, cache: false)
        case (.GET, "/studio.js"), (.GET, "/editing.js"), (.GET, "/cuelist.js"), (.GET, "/studio.css"):
            let name = String(request.path.dropFirst())
            return Self.response(page.files[name]!, type: PageAssets.names[name]!, cache: false)
        case (.GET, "/video"), (.HEAD, "/video"):
            return try await FileHTTPHandler(path: URL(fileURLWithPath: session.inputs.video), contentType: Self.videoType(session.inputs.video))
                .handleRequest(request)
        case (.GET, "/info"):
            return Self.json(info())
        case (.GET, "/shots"):
            return Self.json(session.shotChanges.json())
        case (.GET, "/waveform"):
            let from = Self.query(request, "from") ?? "0"
            guard let bucket = Int(from), bucket >= 0 else { throw StudioError.badRequest("waveform: from is a bucket number, 0 or more (got '\(from)')") }
            return Self.json(session.waveform.json(from: bucket, bytes: Self.query(request, "encoding") == "base64"))
        case (.GET, "/spectrogram"):
            let numbers = ["from", "to", "width", "height"].map { Self.query(request, $0).flatMap { Int($0) } }
            guard let from = numbers[0], let to = numbers[1], let width = numbers[2], let height = numbers[3] else {
                throw StudioError.badRequest("spectrogram: give from and to (milliseconds), width and height (pixels)")
            }
            let video = session.inputs.video
            let png = try await Self.offPool { () throws(StudioError) -> Data in
                try StudioSpectrogram.png(video: video, from: from, to: to, width: width, height: height)
            }
            return Self.response(png, type: "image/png", cache: false)
        case (.GET, "/fields"):
            return Self.json(["fields": StyleField.tableJSON()])
        case (.GET, "/overlay"):
            let t = try Self.time(request)
            let cropped = Self.query(request, "crop") == "1"
            let format = Self.query(request, "format") ?? "png"
            guard let encoding = OverlayRenderer.Encoding(rawValue: format) else { throw StudioError.badRequest("overlay: format is png or rgba") }
            let snapshot = session.snapshot
            let overlays = self.overlays
            let image = try await Self.offPool { () throws(StudioError) -> OverlayRenderer.Image in
                try overlays.image(snapshot, at: t, cropped: cropped, encoding: encoding)
            }
            var response = Self.response(image.bytes, type: encoding == .png ? "image/png" : "application/octet-stream", cache: false)
            response.headers[HTTPHeader("X-Caption-Version")] = String(snapshot.version)
            response.headers[HTTPHeader("X-Caption-Time")] = String(t)
            response.headers[HTTPHeader("X-Overlay-Rect")] = image.rect.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? "none"
            return response
        case (.GET, "/overlay/plan"):
            // The frames from `from` (ms) on, `frames` of them at the video's rate: each frame's time as
            // `captions burn` takes it and its overlay's key.
            guard let from = Self.query(request, "from").flatMap({ Int($0) }), from >= 0,
                  let count = Self.query(request, "frames").flatMap({ Int($0) }), (1...600).contains(count) else {
                throw StudioError.badRequest("overlay/plan: give from=MILLISECONDS and frames=1...600")
            }
            let snapshot = session.snapshot
            let times = Self.frameTimes(from: from, count: count, rate: session.geometry.rate)
            let overlays = self.overlays
            // `prepare=rgba` (the page): draw the distinct overlays ahead in the form the page fetches.
            let prepare: (cropped: Bool, encoding: OverlayRenderer.Encoding)? =
                Self.query(request, "prepare") == "rgba" ? (true, .rgba) : nil
            let keys = try await Self.offPool { () throws(StudioError) -> [String] in try overlays.plan(snapshot, times: times, prepare: prepare) }
            return Self.json(["version": snapshot.version, "times": times, "keys": keys])
        case (.GET, "/captions"):
            return Self.response(session.captionsJSON(), type: "application/json", cache: false)
        case (.PUT, "/captions"):
            try session.replaceCaptions(json: try await Self.body(request))
            return Self.json(editState())
        case (.POST, "/captions/undo"):
            guard session.undoCaptions() else { throw StudioError(409, "nothing to undo") }
            return Self.json(editState())
        case (.POST, "/captions/redo"):
            guard session.redoCaptions() else { throw StudioError(409, "nothing to redo") }
            return Self.json(editState())
        case (.GET, "/speech"):
            return Self.json(session.speech.json())
        case (.GET, "/check"):
            return Self.json(try StudioCheck.json(session, profile: Self.query(request, "profile")))
        case (.GET, "/autosave"):
            guard let found = session.pendingAutosave else { return Self.json(["found": false]) }
            return Self.json(["found": true, "events": found.events, "name": (session.autosave.path as NSString).lastPathComponent,
                              "saved_at": ISO8601DateFormatter().string(from: found.modified)])
        case (.POST, "/autosave/restore"):
            try session.restoreAutosave()
            return Self.json(editState())
        case (.DELETE, "/autosave"):
            session.discardAutosave()
            return Self.json(["found": false])
        case (.GET, "/style"):
            return Self.response(session.styleFileJSON(), type: "application/json", cache: false)
        case (.GET, "/style/resolved"):
            return Self.response(session.resolvedStyleJSON(), type: "application/json", cache: false)
        case (.PUT, "/style"):
            try session.replaceStyle(json: try await Self.body(request))
            return Self.json(["version": session.snapshot.version])
        case (.POST, "/save"):
            let body = try Self.object(try await Self.body(request))
            guard let name = body["name"] as? String else { throw StudioError.badRequest("save: give \"name\"") }
            let replace = body["replace"] as? Bool ?? false
            let path: String
            switch body["what"] as? String {
            case "captions":
                path = try files.saveCaptions(session, name: name, formatName: body["format"] as? String, replace: replace)
                session.captionsSaved()
            case "style": path = try files.saveStyle(session, name: name, replace: replace)
            default: throw StudioError.badRequest("save: \"what\" is \"captions\" or \"style\"")
            }
            return Self.json(["saved": path])
        case (.POST, "/burn"):
            let body = try Self.object(try await Self.body(request))
            guard let name = body["name"] as? String else { throw StudioError.badRequest("burn: give \"name\" (an .mp4, .mov or .mkv)") }
            guard ["mp4", "mov", "mkv", "webm"].contains((name as NSString).pathExtension.lowercased()) else {
                throw StudioError.badRequest("burn: \(name): name an .mp4, .mov, .mkv or .webm file")
            }
            let path = try files.target(name, replace: body["replace"] as? Bool ?? false)
            try burn.start(session.snapshot, video: session.inputs.video, output: path)
            return Self.json(burn.current.json, status: .accepted)
        case (.GET, "/burn/progress"):
            return Self.json(burn.current.json)
        case (.POST, "/burn/cancel"):
            burn.cancel()
            return Self.json(burn.current.json)
        case (.GET, "/stats"):
            return Self.json(stats())
        case (.POST, "/stats"):
            pageStats.store(try await Self.body(request))
            return Self.json(["stored": true])
        default:
            throw StudioError(404, "\(request.method.rawValue) \(request.path): not part of the studio")
        }
    }

    private func info() -> [String: Any] {
        let g = session.geometry
        return [
            "width": g.width, "height": g.height, "duration_ms": g.duration,
            "fps": ["numerator": g.rate.numerator, "denominator": g.rate.denominator],
            "video": (session.inputs.video as NSString).lastPathComponent,
            "captions": (session.inputs.captions as NSString).lastPathComponent,
            "folder": files.folder,
            "presets": (try? session.library.names()) ?? [],
            "formats": FormatRegistry.outputNames,
            "warnings": session.readWarnings,
            "version": session.snapshot.version,
        ]
    }

    /// After a change of the captions: the new version, how many changes can be undone and redone, and
    /// why the autosave failed if it did.
    private func editState() -> [String: Any] {
        let state = session.editState
        var object: [String: Any] = ["version": session.snapshot.version, "undo": state.undo, "redo": state.redo]
        if let problem = state.autosaveProblem { object["autosave_problem"] = problem }
        return object
    }

    /// Server-side overlay timings since the last call, and what the page last reported.
    private func stats() -> [String: Any] {
        let timings = overlays.takeTimings()
        let sorted = timings.map(\.milliseconds).sorted()
        func quantile(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))] }
        var object: [String: Any] = [
            "overlays": timings.count, "cached": timings.filter(\.cached).count,
            "median_ms": quantile(0.5), "p95_ms": quantile(0.95), "max_ms": sorted.last ?? 0,
        ]
        if let report = pageStats.last { object["page"] = report }
        return object
    }

    // MARK: Helpers

    /// Rendering is CPU work: it runs on Dispatch's threads, not Swift concurrency's few cooperative
    /// ones, so a slow overlay never stalls the server's sockets.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws(StudioError) -> T) async throws(StudioError) -> T {
        let result: Result<T, StudioError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(StudioError) -> T in try work() })
            }
        }
        return try result.get()
    }

    /// The start times of `count` frames, the first starting at or after `from`: frame n starts at
    /// n / rate, floored to whole microseconds and then to milliseconds as `captions burn` times frames
    /// of a constant-rate video (`milliseconds(fromMicroseconds:)`).
    static func frameTimes(from: Milliseconds, count: Int, rate: FrameRate) -> [Milliseconds] {
        let num = Int64(rate.numerator), den = Int64(rate.denominator)
        func start(_ n: Int64) -> Milliseconds { milliseconds(fromMicroseconds: n * den * 1_000_000 / num) }
        var first = Int64(from) * num / (den * 1000)
        while start(first) < from { first += 1 }
        return (0..<Int64(count)).map { start(first + $0) }
    }

    /// A query parameter's value.
    static func query(_ request: HTTPRequest, _ name: String) -> String? {
        request.query.first { $0.name == name }?.value
    }

    static func time(_ request: HTTPRequest) throws(StudioError) -> Milliseconds {
        guard let text = query(request, "t") else { throw .badRequest("overlay: give t=SECONDS") }
        guard let t = Timecode.parse(text), t >= 0 else { throw .badRequest("overlay: t=\(text) is not a time (seconds, or a timestamp)") }
        return t
    }

    /// The request body, refused past `bodyLimit` (by its declared length, or as it arrives).
    static func body(_ request: HTTPRequest) async throws -> Data {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > bodyLimit {
            throw StudioError(413, "the request body (\(declared) bytes) is larger than the studio takes (\(bodyLimit) bytes)")
        }
        var data = Data()
        for try await chunk in request.bodySequence {
            data += chunk
            guard data.count <= bodyLimit else { throw StudioError(413, "the request body is larger than the studio takes (\(bodyLimit) bytes)") }
        }
        return data
    }

    static func object(_ data: Data) throws(StudioError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw .badRequest("expected a JSON object") }
        return object
    }

    static func sameToken(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func videoType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        case "mkv": "video/x-matroska"
        default: "video/mp4"
        }
    }

    static func response(_ data: Data, type: String, cache: Bool, status: HTTPStatusCode = .ok) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: type]
        headers[HTTPHeader("Cache-Control")] = cache ? "max-age=3600" : "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        return HTTPResponse(statusCode: status, headers: headers, body: data)
    }

    static func json(_ object: Any, status: HTTPStatusCode = .ok) -> HTTPResponse {
        response(StudioSession.data(object), type: "application/json", cache: false, status: status)
    }

    static func error(_ error: StudioError) -> HTTPResponse {
        let status = HTTPStatusCode(error.status, phrase: phrase(error.status))
        return json(["error": error.problems.first ?? "", "problems": error.problems], status: status)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        default: "Internal Server Error"
        }
    }
}

/// The page's last measurements (`POST /stats`), kept for the benchmark to read.
final class PageStats: @unchecked Sendable {
    private let lock = NSLock()
    private var report: Any?
    func store(_ data: Data) { lock.withLock { report = try? JSONSerialization.jsonObject(with: data) } }
    var last: Any? { lock.withLock { report } }
}
