import Foundation

/// ffmpeg as the tests' independent peer: quiet, overwriting its output, its exit status returned.
public enum FFmpeg {
    public static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
