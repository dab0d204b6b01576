import CaptionVideo
import ArgumentParser
import CaptionFormats
import CaptionModel
import CaptionStyles
import Foundation

/// Turns the toolkit's errors into one line on stderr and the documented exit code, in one place.
enum CommandFailure {
    @discardableResult
    static func exitOnError<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch {
            guard let (code, lines) = describe(error) else { throw error }
            for line in lines { printError("captions: \(line)") }
            throw ExitCode(code)
        }
    }

    /// One of the toolkit's errors as its exit code and its lines (one per problem: a style file may
    /// have several); nil for any other error.
    static func describe(_ error: any Error) -> (code: Int32, lines: [String])? {
        guard let error = error as? any CaptionKitError else { return nil }
        return (error.exitCode, error.lines)
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

enum Diagnostics {
    /// Prints warnings as `captions: FILE: line N: message`; in strict mode any warning fails the command.
    /// `emit` takes each line (default: stderr at once; a run over many files collects a file's lines).
    /// A warning's details (each word OCR fixed) are listed under `verbose` (the command's `--verbose`);
    /// a command without one says where they can be listed.
    static func report(_ diagnostics: [Diagnostic], source: String?, strict: Bool, verbose: Bool? = nil,
                       emit: (String) -> Void = CommandFailure.printError) throws {
        let prefix = source.map { ($0 == "-" ? "<stdin>" : $0) + ": " } ?? ""
        // An error is what the options asked that the format cannot do (SCC at 25 fps, or on CC3): the
        // output is refused (64), never written without it.
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw CaptionFormatError(.usage, "\(prefix)\(error)")
        }
        for diagnostic in diagnostics {
            let lines = diagnostic.printedLines(verbose: verbose)
            emit("captions: \(strict ? "error" : "warning"): \(prefix)\(lines[0])")
            for detail in lines.dropFirst() { emit("captions: \(detail)") }
        }
        if strict, !diagnostics.isEmpty {
            throw CaptionFormatError(.malformed, "\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s") with --strict; nothing written")
        }
    }
}
