import Foundation
import CaptionExpectations
import Testing

/// `burn` and `overlay` under what stops or breaks a long job: the signals a terminal, a container
/// runtime or a closed terminal sends; an input cut short; a write past a file-size limit. Whatever
/// happens, the folder holds only what was there before, or a finished output.
@Suite struct BurnFaultTests {
    static let captions = BurnCommandTests.captions

    /// Starts `captions ARGUMENTS`, waits until it has written its first progress line (by then its
    /// temporary file exists), sends `signal`, and returns its exit status and everything it printed
    /// on stderr.
    static func interrupt(_ arguments: [String], with signal: Int32, waitingFor progress: String, in directory: URL? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(progress) {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        kill(process.processIdentifier, signal)
        let rest = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: seen + rest, as: UTF8.self))
    }

    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
    func aSignalDuringABurnLeavesOnlyTheInput(signal: Int32, name: String) throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("long.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        // Long and slow enough (veryslow) that the burn is still running when the signal arrives.
        try BurnCommandTests.longClip.copy(into: dir)
        let r = try Self.interrupt(["burn", video, Self.captions, "-o", out, "--encoder-preset", "veryslow"], with: signal, waitingFor: "frames")
        expectEqual(r.status, 128 + signal)
        expectTrue(r.stderr.contains("captions: interrupted (\(name)); nothing written"), "\(r.stderr)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.mp4"])
    }

    @Test func sigtermDuringAnOverlayLeavesNothing() throws {
        let dir = try CommandRunner.scratch()
        let out = dir.appendingPathComponent("overlay.mov").path
        // Ten minutes of captions changing every few frames: long enough to be running when the signal comes.
        let words = (0..<6000).map { i in "{\"word\": \"w\(i)\", \"start\": \(Double(i) * 0.1), \"end\": \(Double(i) * 0.1 + 0.1)}" }
        let captions = dir.appendingPathComponent("words.json")
        try Data("{\"segments\": [{\"start\": 0, \"end\": 600, \"text\": \"x\", \"words\": [\(words.joined(separator: ","))]}]}".utf8).write(to: captions)
        // overlay prints progress only to a terminal: wait for its temporary file instead.
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["overlay", captions.path, "-o", out, "--from", "whisperx"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try FileManager.default.contentsOfDirectory(atPath: dir.path).count < 2 { usleep(20_000) }
        usleep(300_000)
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 143, "\(stderr)")
        expectTrue(stderr.contains("captions: interrupted (SIGTERM); nothing written"), "\(stderr)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["words.json"])
    }

    /// The first half of a 4 s clip's bytes, as a download cut off or a copy interrupted leaves it: MKV
    /// (its duration in the header) and MP4 with its index first (`+faststart`; with the index last a
    /// cut MP4 does not open at all, and is refused as unreadable).
    @Test(arguments: ["mkv", "mp4"])
    func aTruncatedInputWarnsOrIsRefusedUnderStrict(container: String) throws {
        let dir = try CommandRunner.scratch()
        let whole = dir.appendingPathComponent("whole.\(container)").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
                                    "-pix_fmt", "yuv420p"] + (container == "mp4" ? ["-movflags", "+faststart"] : []) + [whole])
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = dir.appendingPathComponent("cut.\(container)").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        try FileManager.default.removeItem(atPath: whole)
        let out = dir.appendingPathComponent("out.mp4").path

        let lenient = try CommandRunner.run(["burn", cut, Self.captions, "-o", out, "--quiet"])
        expectEqual(lenient.status, 0, "\(lenient.stderr)")
        let warning = try #require(lenient.stderr.split(separator: "\n").first { $0.hasPrefix("captions: warning: \(cut) is truncated or damaged") },
                                   "\(lenient.stderr)")
        // The time reached (about half) and the time claimed (4 s), each named.
        let times = warning.matches(of: /(\d+\.\d\d) s/).compactMap { Double($0.1) }
        expectTrue(times.count == 2 && (1.0...3.5).contains(times[0]) && times[1] == 4.0, "\(warning)")
        expectTrue(FileManager.default.fileExists(atPath: out))
        try FileManager.default.removeItem(atPath: out)

        let strict = try CommandRunner.run(["burn", cut, Self.captions, "-o", out, "--quiet", "--strict"])
        expectEqual(strict.status, 65)
        expectTrue(strict.stderr.contains("captions: \(cut) is truncated or damaged") && strict.stderr.contains("nothing written (--strict)"), "\(strict.stderr)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["cut.\(container)"])
    }

    /// A whole file whose audio runs two seconds past its video is not truncated: the video stream's
    /// own duration is what its frames are held to, not the file's.
    @Test func audioOutlastingTheVideoIsNoTruncation() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        try BurnCommandTests.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=3", "-f", "lavfi", "-i", "sine=duration=5",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", video])
        let r = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--quiet", "--strict"])
        expectTrue(r.status == 0 && !r.stderr.contains("truncated"), "\(r.stderr)")
    }

    @Test func aFileSizeLimitIsExit73WithNoTemporaryFile() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path, out = dir.appendingPathComponent("out.mp4").path
        try BurnCommandTests.clip(video, seconds: 4, size: "720x1280")
        // `ulimit -f` counts 1024-byte blocks: 100 KB, well under the burned clip's size.
        let r = try CommandRunner.run(["-c", "ulimit -f 100 && exec \"$0\" \"$@\"", CommandRunner.executable.path,
                                       "burn", video, Self.captions, "-o", out, "--quiet"], program: URL(fileURLWithPath: "/bin/sh"))
        expectEqual(r.status, 73, "\(r.stderr)")
        expectEqual(r.stderr, "captions: \(out): cannot write: the file-size limit was reached (ulimit -f, or the file system's largest file)\n", "\(r.stderr)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.mp4"])
    }

    /// An output folder that is missing, is a file, or refuses files: one sentence naming it, exit 73,
    /// and nothing new anywhere (`/proc` refuses new files even to root, whom permissions do not stop).
    @Test func anOutputFolderThatCannotTakeTheFileIsExit73() throws {
        let dir = try CommandRunner.scratch()
        let video = dir.appendingPathComponent("in.mp4").path
        try BurnCommandTests.clip(video, seconds: 1, size: "320x240")
        let cases = [
            (dir.path + "/missing/out.mp4", "the directory \(dir.path)/missing does not exist"),
            (video + "/out.mp4", "\(video) is a file, not a directory"),
            (dir.path, "is a directory"),
            ("/proc/captionkit-out.mp4", "cannot write into its directory (No such file or directory)"),
        ]
        for (out, reason) in cases {
            let r = try CommandRunner.run(["burn", video, Self.captions, "-o", out, "--quiet"])
            expectTrue(r.status == 73 && r.stderr == "captions: \(out): \(reason)\n", "\(out): \(r.status) \(r.stderr)")
        }
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.mp4"])
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: "/proc").allSatisfy { !$0.contains("captionkit-out") })
    }
}
