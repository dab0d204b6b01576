import Foundation

/// Runs the built `captions` executable, as users' scripts do, and captures what it prints.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CommandRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable sits beside the test bundle in the build folder.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("captions")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/captions")
    }

    /// `program`: another executable to run instead (a shell that sets a limit, then runs `captions`).
    /// `environment`: the whole environment to run with (default: this process's).
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, program: URL? = nil,
                    environment: [String: String]? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder for one test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("captions-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A folder of inputs that several tests start from (recorded goldens, a generated clip), made once
/// per test process on first use and copied into each test's own folder, so a test that changes its
/// copy changes nothing another test sees. Built inside a `static let`, which Swift initialises once
/// even when tests run in parallel.
struct SharedFolder: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let made: Result<URL, Failure>

    /// `make` fills the folder it is given; an error thrown there fails every test that asks for a copy.
    init(_ make: (URL) throws -> Void) {
        do {
            let folder = try CommandRunner.scratch()
            try make(folder)
            made = .success(folder)
        } catch {
            made = .failure(Failure(description: "making a shared test folder failed: \(error)"))
        }
    }

    /// The folder itself, for tests that only read it.
    var url: URL { get throws { try made.get() } }

    /// Everything in the folder, copied into `directory` (copies, not links: a test may change its files).
    func copy(into directory: URL) throws {
        let source = try made.get()
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
    }
}
