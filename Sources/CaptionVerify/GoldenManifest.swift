import CaptionModel
import Foundation

/// `manifest.json` of a golden-frame folder: what was rendered (input, style, paging, size, times) and
/// with what (toolkit, libass and FreeType versions, date), so `golden check` can re-render the same
/// frames and say what changed. Paths are relative to the manifest's folder (`RelativePath`).
///
/// Frames are `<ms>.png` beside the manifest: full frames on a transparent background (PNG stores the
/// transparent area in almost nothing, and a full frame also catches ink that moved out of the caption area).
public struct GoldenManifest: Codable, Sendable, Equatable {
    public static let fileName = "manifest.json"
    /// The resolved style as `StyleSnapshot` writes it, beside the manifest, for diffs.
    public static let styleFileName = "style.json"
    public static let currentFormat = 1

    public struct File: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
        public init(path: String, sha256: String) { self.path = path; self.sha256 = sha256 }
    }

    public struct Style: Codable, Sendable, Equatable {
        /// The resolved style's name (the preset's, or the file's base preset).
        public var name: String
        /// `--preset` as given; nil when the style file or the default chose the base.
        public var preset: String?
        /// `--style FILE` as given, with the file's hash.
        public var file: File?
        /// `--styles-dir` as given.
        public var stylesDirectory: String?
        /// SHA-256 of the resolved style's `StyleSnapshot` JSON (`style.json`).
        public var sha256: String

        enum CodingKeys: String, CodingKey { case name, preset, file, stylesDirectory = "styles_dir", sha256 }
        public init(name: String, preset: String?, file: File?, stylesDirectory: String?, sha256: String) {
            self.name = name; self.preset = preset; self.file = file; self.stylesDirectory = stylesDirectory; self.sha256 = sha256
        }
    }

    public struct Size: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
    }

    public var format = GoldenManifest.currentFormat
    public var input: File
    /// `--from` as given (nil: detected).
    public var inputFormat: String?
    /// The paging options as command-line arguments (`--max-words 3`), empty for the style's defaults.
    public var paging: [String]
    public var style: Style
    public var size: Size
    /// Milliseconds, sorted and unique; frame `t` is `"\(t).png"`.
    public var times: [Milliseconds]
    public var toolkit: String
    public var libass: String
    public var freetype: String
    /// ISO 8601, UTC.
    public var recorded: String

    enum CodingKeys: String, CodingKey {
        case format, input, inputFormat = "input_format", paging, style, size, times, toolkit, libass, freetype, recorded
    }

    public init(input: File, inputFormat: String?, paging: [String], style: Style, size: Size, times: [Milliseconds],
                toolkit: String = ToolkitVersions.toolkit, libass: String = ToolkitVersions.libass,
                freetype: String = ToolkitVersions.freetype, recorded: Date = Date()) {
        self.input = input; self.inputFormat = inputFormat; self.paging = paging; self.style = style; self.size = size
        self.times = Array(Set(times)).sorted()
        self.toolkit = toolkit; self.libass = libass; self.freetype = freetype
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        self.recorded = formatter.string(from: recorded)
    }

    public static func frameName(at time: Milliseconds) -> String { "\(time).png" }

    // MARK: Files

    public static func path(in directory: String) -> String { (directory as NSString).appendingPathComponent(fileName) }

    /// Reads and checks `DIR/manifest.json`: missing is `.missing`; bad JSON, a missing or wrong field,
    /// a format from the future or empty times are `.malformed`, naming the field.
    public static func read(directory: String) throws(GoldenError) -> GoldenManifest {
        let path = path(in: directory)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GoldenError(.missing, "\(path): no golden manifest (record one with `captions golden record ... --dir \(directory)`)")
        }
        let manifest: GoldenManifest
        do { manifest = try JSONDecoder().decode(GoldenManifest.self, from: data) } catch let error as DecodingError {
            throw GoldenError(.malformed, "\(path): \(describe(error))")
        } catch { throw GoldenError(.malformed, "\(path): \(error)") }
        try manifest.check(path)
        return manifest
    }

    private func check(_ path: String) throws(GoldenError) {
        func bad(_ field: String, _ why: String) -> GoldenError { GoldenError(.malformed, "\(path): \(field): \(why)") }
        guard format <= Self.currentFormat, format >= 1 else { throw bad("format", "version \(format) is not supported (this toolkit reads 1)") }
        guard size.width > 0, size.height > 0, size.width <= 8192, size.height <= 8192 else {
            throw bad("size", "\(size.width)x\(size.height) is not a frame size")
        }
        guard !times.isEmpty else { throw bad("times", "no frames") }
        guard times.allSatisfy({ $0 >= 0 }), times == Array(Set(times)).sorted() else { throw bad("times", "must be sorted, unique and not negative") }
        for (field, hash) in [("input.sha256", input.sha256), ("style.sha256", style.sha256)] + (style.file.map { [("style.file.sha256", $0.sha256)] } ?? [])
        where hash.count != 64 || !hash.allSatisfy(\.isHexDigit) {
            throw bad(field, "'\(hash)' is not a SHA-256 in hex")
        }
    }

    /// Writes the manifest atomically (a temporary file renamed), keys sorted, one per line.
    public func write(directory: String) throws(GoldenError) {
        let path = Self.path(in: directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw GoldenError(.cannotWrite, "\(path): cannot write: \(error.localizedDescription)")
        }
    }

    /// A decoding error as "field: problem", the field as a dotted path.
    static func describe(_ error: DecodingError) -> String {
        func dotted(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(dotted(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(dotted(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(dotted(context.codingPath)): expected \(type), found null"
        case .dataCorrupted(let context):
            let field = dotted(context.codingPath)
            return (field.isEmpty ? "" : "\(field): ") + "not valid JSON (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }
}
