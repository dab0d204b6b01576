import CaptionFormats
import CaptionVideo
import Foundation

/// `OUTPUT.done.json`, written beside a job's output once the output is complete: the burn's arguments,
/// the SHA-256 of every input file they name, and the output's size and SHA-256. A job whose marker
/// matches all of that today is skipped; anything else (no marker, another option, an input changed, the
/// output replaced or gone) burns again. The output is always renamed into place whole, so a job run
/// twice at once, or killed and run again, leaves one complete output, never a mixed one.
struct DoneMarker: Codable, Equatable {
    struct Output: Codable, Equatable {
        var bytes: Int
        var sha256: String
    }
    var arguments: [String]
    /// Input path (as the arguments name it) to SHA-256.
    var inputs: [String: String]
    var output: Output

    static func path(for output: String) -> String { output + ".done.json" }

    /// The arguments that decide the output: all but `--quiet`, `--stats` and `--verbose`, which only
    /// change what is printed (a job re-run with progress shown is still done).
    /// A plan's part adds its frame range, which no option states.
    static func identity(of arguments: [String], part: PartRange? = nil) -> [String] {
        let range = part.map { ["(part frames \($0.start) to \($0.end.map(String.init) ?? "end"), \($0.frames) of them)"] } ?? []
        return arguments.filter { !BurnBatchOptions.printingOnly.contains($0) } + range
    }

    /// The files a burn's arguments name (video, captions, a style file, secondary captions, a
    /// background image...), hashed: every argument that is an existing regular file, but the output.
    /// `known`: hashes already at hand (a plan's video), not read again.
    static func inputs(of arguments: [String], output: String, known: [String: String] = [:]) throws -> [String: String] {
        var hashes = known.filter { arguments.contains($0.key) }
        for argument in arguments where argument != output && !argument.hasPrefix("-") && hashes[argument] == nil {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            hashes[argument] = try FileDigest.sha256(argument)
        }
        return hashes
    }

    static func describe(_ output: String) throws -> Output? {
        guard let bytes = size(of: output) else { return nil }
        return Output(bytes: bytes, sha256: try FileDigest.sha256(output))
    }

    /// A file's size in bytes; nil when it is not there.
    static func size(of path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
    }

    /// The marker beside `output` if it parses; nil otherwise (a marker from elsewhere is simply stale).
    static func read(for output: String) -> DoneMarker? {
        guard let data = FileManager.default.contents(atPath: path(for: output)) else { return nil }
        return try? JSONDecoder().decode(DoneMarker.self, from: data)
    }

    /// Whether the job with these arguments and inputs is already done: its marker says so and the
    /// output is still the one the marker describes.
    static func isDone(arguments: [String], inputs: [String: String], output: String) throws -> Bool {
        guard let marker = read(for: output), marker.arguments == arguments, marker.inputs == inputs else { return false }
        return try marker.describes(output)
    }

    /// Whether `output` is still the file this marker describes: its size first (cheap, and enough for
    /// most changes), then its SHA-256 (a file overwritten in place keeps its size).
    func describes(_ output: String) throws -> Bool {
        guard Self.size(of: output) == self.output.bytes else { return false }
        return try FileDigest.sha256(output) == self.output.sha256
    }

    func write(for output: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try OutputFile.write(try encoder.encode(self) + Data("\n".utf8), to: Self.path(for: output))
    }
}
