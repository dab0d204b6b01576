import CaptionModel
import CaptionStyles
import Foundation

/// One line of a manifest: a burn given as a JSON object, turned into the `captions burn` arguments it
/// stands for. `{"video": "in.mp4", "captions": "in.srt", "output": "out.mp4", "preset": "pop-in",
/// "crf": 20, "strict": true}` is `captions burn in.mp4 in.srt -o out.mp4 --preset pop-in --crf 20
/// --strict`: any burn option is a field, `_` or `-` between its words; `false` and `null` leave it out.
struct ManifestJob {
    /// 1-based, as an editor shows it.
    var line: Int
    var output: String?
    /// The burn's arguments, or why the line is not a job (it fails alone; the others still run).
    var arguments: Result<[String], ManifestError>

    /// Fields that choose jobs, not how one burns.
    static let reserved: Set<String> = ["manifest", "index", "index-base", "stride", "plan", "part", "help", "o"]

    /// The jobs of a JSON Lines file: each non-blank line is one, numbered from 0 in order.
    static func read(_ path: String) throws(ManifestError) -> [ManifestJob] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError(.unreadable, "\(path): cannot read the manifest")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ManifestError(.malformed, "\(path): the manifest is not UTF-8") }
        var jobs: [ManifestJob] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            jobs.append(job(String(line), line: n + 1))
        }
        return jobs
    }

    /// The manifest's jobs to run, each starting from the command line's `shared` options.
    static func batchJobs(_ path: String, shared: [String]) throws(ManifestError) -> [BatchJob] {
        try read(path).enumerated().map { n, job in
            BatchJob(index: n, label: "\(path) line \(job.line)", origin: ["line": job.line], output: job.output,
                     arguments: job.arguments.map { Array($0[..<4]) + shared + $0[4...] }, part: nil)
        }
    }

    static func job(_ text: String, line: Int) -> ManifestJob {
        let fields: [String: FieldValue]
        do {
            fields = try JSONDecoder().decode([String: FieldValue].self, from: Data(text.utf8))
        } catch {
            return ManifestJob(line: line, output: nil, arguments: .failure(ManifestError(.malformed, "not a JSON object of job fields")))
        }
        let output = fields["output"].flatMap { if case .string(let s) = $0 { s } else { nil } }
        return ManifestJob(line: line, output: output, arguments: Result { () throws(ManifestError) in try arguments(fields) })
    }

    /// VIDEO CAPTIONS -o OUTPUT, then `--field value` for the rest in the order of their names.
    static func arguments(_ fields: [String: FieldValue]) throws(ManifestError) -> [String] {
        var required: [String] = []
        for key in ["video", "captions", "output"] {
            guard case .string(let value)? = fields[key], !value.isEmpty else {
                throw ManifestError(.malformed, "field '\(key)' must be a file name (a non-empty string)")
            }
            required.append(value)
        }
        var arguments = [required[0], required[1], "-o", required[2]]
        for key in fields.keys.sorted() where !["video", "captions", "output"].contains(key) {
            let option = key.replacingOccurrences(of: "_", with: "-")
            guard !option.isEmpty, option.first != "-", option.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                throw ManifestError(.malformed, "field '\(key)' is not a burn option")
            }
            guard !reserved.contains(option) else { throw ManifestError(.malformed, "field '\(key)' chooses jobs and cannot be one job's") }
            let known = BurnOptionNames.all
            guard known.isEmpty || known.contains(option) else {
                let near = KeySuggestion.closest(to: key, among: known.filter { !reserved.contains($0) && $0 != "output" })
                throw ManifestError(.malformed, "field '\(key)' is not a burn option" + KeySuggestion.hint(near))
            }
            switch fields[key]! {
            case .string(let value): arguments += ["--" + option, value]
            case .number(let value): arguments += ["--" + option, NumberText.plain(value)]
            case .bool(true): arguments.append("--" + option)
            case .bool(false), .null: break
            case .other: throw ManifestError(.malformed, "field '\(key)' must be a string, a number, true, false or null")
            }
        }
        return arguments
    }

    enum FieldValue: Decodable {
        case string(String), number(Double), bool(Bool), null, other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else { self = .other }
        }
    }
}
