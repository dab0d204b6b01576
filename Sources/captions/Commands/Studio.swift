import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionPipeline
import CaptionStudio
import CaptionVideo
import Dispatch
import Foundation

/// `captions studio`: a local page that plays the video with the captions drawn by the native
/// renderer, frame by frame, and edits the captions and the style while it plays.
struct Studio: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview, style and edit captions over their video in a local web page.",
        discussion: """
        Prints the page's URL (http://127.0.0.1:PORT/?token=TOKEN) as the first line on stdout and serves \
        until Ctrl-C or SIGTERM. Every request must carry the token (403 otherwise). Only the video, the \
        page and its API are served; saves and burns write plain file names next to the captions, never \
        onto an input, and replace a file only when the page confirms. The HTTP API is in the README.

        Exit status: 0 stopped by a signal, 64 usage, 65 malformed captions or style, 66 missing input, \
        70 the server could not start (a port in use).
        """
    )

    @Argument(help: "The video the captions belong to.")
    var video: String

    @Argument(help: "The captions (any format convert reads).")
    var input: String

    @Option(help: "Port to listen on (default: any free port).")
    var port: UInt16 = 0

    @Option(help: "Address to bind (default 127.0.0.1; anything else exposes the studio to the network).")
    var host = "127.0.0.1"

    @Flag(name: .customLong("no-open"), help: "Do not open the page in a browser.")
    var noOpen = false

    @Option(help: "Input format, overriding detection.")
    var from: String?

    @Option(help: "Shot changes for the timeline from a file (captions shots' JSON, or a plain list of times) instead of finding them in the video.")
    var shots: String?

    @Flag(name: .customLong("no-shots"), help: "Do not look for shot changes in the video (no lines on the timeline).")
    var noShots = false

    @OptionGroup(title: TrackOptions.title)
    var tracks: TrackOptions

    @OptionGroup var styleOptions: StyleOptions

    @OptionGroup(title: "Word timings from the speech")
    var alignAudio: AlignAudioFlags

    func validate() throws {
        if noShots && shots != nil { throw ValidationError("--no-shots and --shots: give one") }
    }

    func run() throws {
        var addWords: (@Sendable (CaptionDocument) throws -> CaptionDocument)?
        if alignAudio.enabled {
            let (video, voice) = (video, alignAudio.voice)
            addWords = { document in try AudioAlignment.words(for: document, from: video, voice: voice) }
        }
        let server: StudioServer = try CommandFailure.exitOnError {
            let inputs = StudioSession.Inputs(video: video, captions: input, format: from, preset: styleOptions.preset,
                                              styleFile: styleOptions.style, stylesDirectory: styleOptions.stylesDir,
                                              track: tracks.selection, shots: try shotSource(), addWords: addWords)
            do {
                let session = try StudioSession(inputs)
                for warning in session.readWarnings { CommandFailure.printError("captions: warning: \(warning)") }
                return try StudioServer(session: session, host: host, port: port)
            } catch let error as StudioError {
                CommandFailure.printError("captions: \(error)")
                throw ExitCode(error.status == 404 ? 66 : error.status == 400 ? 64 : error.status == 500 ? 70 : 65)
            }
        }
        if host != "127.0.0.1" {
            CommandFailure.printError("captions: warning: listening on \(host): anyone who can reach it and has the URL can read the video and write next to the captions")
        }
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            // Stopping makes `run` throw (its sockets close): that is the clean end, not a failure.
            do { try await server.run() } catch { if !failure.stopping { failure.set("\(error)") } }
            finished.signal()
        }
        // Ctrl-C, SIGTERM (what systemd and container runtimes send) and SIGHUP stop the server cleanly
        // (a burn the page started is cancelled and its temporary file removed first): exit 0.
        let stop = StopSignals {
            failure.stopping = true
            Task { await server.stop() }
        }
        Task {
            do {
                let url = try await server.url(host: host)
                // Unbuffered: a script reading the first line gets it now, not when a buffer fills.
                FileHandle.standardOutput.write(Data((url + "\n").utf8))
                if !noOpen { Self.openBrowser(url) }
            } catch {
                failure.set("\(error)")
                finished.signal()
            }
        }
        finished.wait()
        stop.cancel()
        if let message = failure.message {
            CommandFailure.printError("captions: studio: \(message)")
            throw ExitCode(70)
        }
    }

    /// The timeline's shot changes: `--shots` read now (a plain list's times at the video's rate), none
    /// with `--no-shots`, else found in the video in the background once the studio runs.
    private func shotSource() throws -> StudioShotChanges.Source {
        if noShots { return .none }
        let video = self.video
        guard let shots else { return .detect { try detectShotChanges(videoPath: video, threshold: nil) } }
        return .given(try ShotChangesFile.read(path: shots, frameRate: try MediaProbe.geometry(of: video).rate))
    }

    /// xdg-open where there is a desktop; on a server the URL printed is enough.
    static func openBrowser(_ url: String) {
        for folder in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/xdg-open") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: folder + "/xdg-open")
            process.arguments = [url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            return
        }
    }
}

/// The first failure of the server's tasks, and whether a signal asked it to stop.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: String?
    private var stopRequested = false
    func set(_ message: String) { lock.withLock { if first == nil { first = message } } }
    var message: String? { lock.withLock { first } }
    /// Set when a signal asked the server to stop.
    var stopping: Bool {
        get { lock.withLock { stopRequested } }
        set { lock.withLock { stopRequested = newValue } }
    }
}
