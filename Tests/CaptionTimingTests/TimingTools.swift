import Foundation

/// The programs the timing tests make their inputs with (ffmpeg, espeak-ng, sox) and read peers'
/// answers from. The toolkit itself never runs them.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `/usr/bin/<program>` and returns its standard output; a nonzero exit throws with its stderr.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
        process.arguments = program == "ffmpeg" ? ["-v", "error", "-y"] + arguments : arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: message, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A new empty directory under the system's temporary directory.
    static func temporaryDirectory(_ name: String = "timing") throws -> String {
        let path = NSTemporaryDirectory() + "captionkit-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
