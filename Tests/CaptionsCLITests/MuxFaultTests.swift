import CaptionTestSupport
import Foundation
import CaptionExpectations
import Testing

/// `captions mux` stopped part way (Ctrl-C, a container runtime's SIGTERM) leaves the folder as it was.
@Suite struct MuxFaultTests {
    /// Eighty minutes of a tiny clip stream-copied end to end: some 350,000 packets, so the mux is
    /// still copying when the signal arrives, made in a second by ffmpeg's concat demuxer.
    static let long = SharedFolder { folder in
        let clip = folder.appendingPathComponent("clip.mkv").path
        guard try FFmpeg.run(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=10", "-f", "lavfi", "-i", "sine=duration=10",
                              "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "16k", clip]) == 0 else {
            throw SharedFolder.Failure(description: "ffmpeg could not make the clip")
        }
        let list = folder.appendingPathComponent("list.txt")
        try String(repeating: "file 'clip.mkv'\n", count: 480).write(to: list, atomically: true, encoding: .utf8)
        guard try FFmpeg.run(["-f", "concat", "-safe", "0", "-i", list.path, "-c", "copy", folder.appendingPathComponent("long.mkv").path]) == 0 else {
            throw SharedFolder.Failure(description: "ffmpeg could not join the clip")
        }
        try FileManager.default.removeItem(atPath: clip)
        try FileManager.default.removeItem(at: list)
        try "1\n00:00:01,000 --> 00:00:02,000\nHello\n".write(to: folder.appendingPathComponent("a.srt"), atomically: true, encoding: .utf8)
    }

    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func aSignalDuringAMuxLeavesOnlyTheInputs(signal: Int32, name: String) throws {
        let dir = try CommandRunner.scratch()
        try Self.long.copy(into: dir)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["mux", "long.mkv", "a.srt", "-o", "out.mkv"]
        process.currentDirectoryURL = dir
        let err = Pipe()
        process.standardError = err
        try process.run()
        // The temporary file appears when the header is written, before the packets are copied.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, try FileManager.default.contentsOfDirectory(atPath: dir.path).count == before.count { usleep(2_000) }
        kill(process.processIdentifier, signal)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 128 + signal, "\(stderr)")
        expectTrue(stderr.contains("captions: interrupted (\(name)); nothing written"), "\(stderr)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
    }
}
