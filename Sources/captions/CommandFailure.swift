import CaptionVideo
import ArgumentParser
import CaptionFormats
import CaptionStyles
import Foundation

/// Turns the toolkit's errors into one line on stderr and the documented exit code, in one place.
enum CommandFailure {
    @discardableResult
    static func exitOnError<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as CaptionFormatError {
            printError("captions: \(error.message)")
            throw ExitCode(error.exitCode)
        } catch let error as StyleError {
            // One line per problem: a style file may have several.
            for problem in error.problems { printError("captions: \(problem)") }
            throw ExitCode(error.exitCode)
        } catch let error as VideoError {
            printError("captions: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

enum Diagnostics {
    /// Prints warnings as `captions: FILE: line N: message`; in strict mode any warning fails the command.
    static func report(_ diagnostics: [Diagnostic], source: String?, strict: Bool) throws {
        let prefix = source.map { ($0 == "-" ? "<stdin>" : $0) + ": " } ?? ""
        for diagnostic in diagnostics {
            CommandFailure.printError("captions: \(strict ? "error" : "warning"): \(prefix)\(diagnostic)")
        }
        if strict, !diagnostics.isEmpty {
            throw CaptionFormatError(.malformed, "\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s") with --strict; nothing written")
        }
    }
}
