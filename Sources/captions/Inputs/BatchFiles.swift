import CaptionFormats
import Foundation

/// Many caption files in one run (`captions convert A B ... --to F [-d DIR]`, `captions check A B ...`):
/// one process, the files spread over the cores (`OrderedWork`, one worker a core), every file the same
/// library calls a single-file run makes. A file's warnings and, when it fails, one line naming it are
/// printed together and in input order; a failed file does not stop the others. The run's exit status
/// is the worst file's (`worst`).
enum BatchFiles {
    /// What one file's work prints. Used by one worker only.
    final class FileLog {
        var out: [String] = []
        var err: [String] = []
        /// Takes a warning line (the `emit` of `Diagnostics.report`).
        func warn(_ line: String) { err.append(line) }
    }

    /// What became of one file: its exit code (0, `check`'s 1 for problems, or its error's code) and,
    /// unless it failed, what the work returned.
    struct FileResult<Value: Sendable>: Sendable {
        var input: String
        var code: Int32
        var value: Value?
        /// Why it failed, as its stderr line says.
        var message: String?
    }

    /// Runs `body` for every input (by its index) across the cores. `body` returns its file's exit code
    /// (0 or 1) and a value; an error it throws becomes the file's exit code (as `CommandFailure.describe`
    /// maps it, 70 for anything else) and one line on stderr naming the file.
    static func run<Value: Sendable>(_ inputs: [String], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                                     _ body: @Sendable (Int, FileLog) throws -> (code: Int32, value: Value))
        -> [FileResult<Value>] {
        OrderedWork.run(count: inputs.count, workers: workers) { k in
            let input = inputs[k], log = FileLog()
            var result = FileResult<Value>(input: input, code: 0, value: nil)
            do {
                (result.code, result.value) = try body(k, log)
            } catch {
                let (code, lines) = CommandFailure.describe(error) ?? (70, ["\(error)"])
                result.code = code
                result.message = naming(input, lines.joined(separator: "; "))
                log.err.append("captions: " + result.message!)
            }
            return (result, OrderedWork.Lines(out: log.out, err: log.err))
        }
    }

    /// `message`, starting with the file's name unless it already does (most of the readers' do).
    static func naming(_ input: String, _ message: String) -> String {
        let name = input == "-" ? "<stdin>" : input
        return message.hasPrefix(name) ? message : "\(name): \(message)"
    }

    /// Exit codes from the worst down. A usage error (64) is the command's, not a file's (every file
    /// would meet it; most are found before any file is read). An output that cannot be written (73) is
    /// the machine's (a full disk, a folder without permission): it stops every later file too and is
    /// what to fix first. A file missing or unreadable (66) means the list of files is wrong, and nothing
    /// is known of that file; malformed content (65) is one file's own fault. `check`'s 1 (problems
    /// found) is a verdict on files that were read, below every failure. A code not listed (70, an
    /// internal error) ranks above all.
    static let ranking: [Int32] = [64, 73, 66, 65, 1, 0]

    /// The worst of `codes` by `ranking`; 0 for none.
    static func worst(_ codes: [Int32]) -> Int32 {
        codes.min { rank($0) < rank($1) } ?? 0
    }

    private static func rank(_ code: Int32) -> Int {
        ranking.firstIndex(of: code) ?? -1
    }

    /// Each input's output path: the input's name with `extension` for its extension, in `directory`
    /// when given, else beside the input.
    static func outputs(for inputs: [String], directory: String?, extension ext: String) -> [String] {
        inputs.map { input in
            if let directory {
                let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
                return (directory as NSString).appendingPathComponent(name + "." + ext)
            }
            return (input as NSString).deletingPathExtension + "." + ext
        }
    }

    /// Refuses, before anything is read or written, an output that would overwrite an input (by path,
    /// or the same file under another name) and two inputs whose outputs would be one file. Prints one
    /// line for each, naming both files, and throws a usage error (64).
    static func refuseCollisions(inputs: [String], outputs: [String]) throws {
        var problems: [String] = []
        var inputByPath: [String: Int] = [:], inputByFile: [FileIdentity: Int] = [:]
        for (k, input) in inputs.enumerated() {
            let key = pathKey(input)
            if let first = inputByPath[key] {
                problems.append("\(inputs[first]) is given twice (also as \(input))")
                continue
            }
            inputByPath[key] = k
            if let identity = FileIdentity(input) { inputByFile[identity] = inputByFile[identity] ?? k }
        }
        var outputByPath: [String: Int] = [:]
        for (k, output) in outputs.enumerated() where inputByPath[pathKey(inputs[k])] == k {
            let key = pathKey(output)
            if let other = inputByPath[key] ?? FileIdentity(output).flatMap({ inputByFile[$0] }) {
                problems.append(other == k
                    ? "\(inputs[k]) would be written onto itself (give -d DIR for the outputs)"
                    : "\(inputs[k]) would be written to \(output), overwriting the input \(inputs[other])")
            } else if let first = outputByPath[key] {
                problems.append("\(inputs[first]) and \(inputs[k]) would both be written to \(output)")
            } else {
                outputByPath[key] = k
            }
        }
        guard !problems.isEmpty else { return }
        for problem in problems { CommandFailure.printError("captions: \(problem)") }
        throw CaptionFormatError(.usage, "nothing written: \(problems.count) input\(problems.count == 1 ? "" : "s") refused (rename, give -d DIR, or convert those in separate runs)")
    }

    /// Makes the output folder (and its parents) if it is missing.
    static func makeDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CaptionFormatError(.cannotWrite, "\(directory): not a folder (-d names the folder for the outputs)") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CaptionFormatError(.cannotWrite, "\(directory): cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// A path compared as a file: absolute, `.` and `..` removed, its folder's symbolic links resolved.
    private static func pathKey(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return url.path }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent(url.lastPathComponent)
    }

    /// An existing file's device and inode: the same file under two names (a hard link) is one.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
