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

    /// A font file the frames were drawn with: where, how large, and its hash, so a check on another
    /// machine can say which fonts differ before it judges any frame.
    public struct Font: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int
        public var sha256: String
        public init(path: String, size: Int, sha256: String) { self.path = path; self.size = size; self.sha256 = sha256 }
    }

    /// What the frames are: the native renderer drawing the input's captions (the default), or frames
    /// pulled from a video (a burned file), where `input` is the video and there is no style or paging.
    public enum Kind: String, Codable, Sendable { case captions, video }

    public struct Size: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
    }

    public var format = GoldenManifest.currentFormat
    /// nil in manifests written before video folders existed: captions.
    public var kind: Kind?
    public var input: File
    /// `--from` as given (nil: detected).
    public var inputFormat: String?
    /// When the input is a video file: `--track` and `--language` as given (nil: the default track).
    public var inputTrack: Int?
    public var inputLanguage: String?
    /// `--cc` as given (`CC1`): the closed-caption channel read from a video or an SCC file.
    public var inputClosedCaptions: String?
    /// The paging options as command-line arguments (`--max-words 3`), empty for the style's defaults.
    public var paging: [String]
    /// nil for a video folder.
    public var style: Style?
    public var size: Size
    /// Milliseconds, sorted and unique; frame `t` is `"\(t).png"`.
    public var times: [Milliseconds]
    public var toolkit: String
    public var libass: String
    public var freetype: String
    /// HarfBuzz's version (nil in manifests from before it was recorded).
    public var harfbuzz: String?
    /// The font files drawn with (nil in older manifests and for video folders).
    public var fonts: [Font]?
    /// What a frame must meet, set at recording (`--threshold`, `--min-psnr`, `--max-diff-pixels`);
    /// nil means the default, GOOD. The command line's threshold wins over it.
    public var threshold: GoldenThreshold?
    /// ISO 8601, UTC.
    public var recorded: String

    enum CodingKeys: String, CodingKey {
        case format, kind, input, inputFormat = "input_format", inputTrack = "input_track", inputLanguage = "input_language", inputClosedCaptions = "input_cc", paging, style, size, times, toolkit, libass, freetype, harfbuzz,
             fonts, threshold, recorded
    }

    public init(kind: Kind = .captions, input: File, inputFormat: String?, paging: [String], style: Style?, size: Size,
                times: [Milliseconds], fonts: [Font]? = nil, threshold: GoldenThreshold? = nil,
                toolkit: String = ToolkitVersions.toolkit, libass: String = ToolkitVersions.libass,
                freetype: String = ToolkitVersions.freetype, harfbuzz: String = ToolkitVersions.harfbuzz, recorded: Date = Date()) {
        self.kind = kind == .captions ? nil : kind
        self.input = input; self.inputFormat = inputFormat; self.paging = paging; self.style = style; self.size = size
        self.times = Array(Set(times)).sorted()
        self.fonts = fonts; self.threshold = threshold
        self.toolkit = toolkit; self.libass = libass; self.freetype = freetype; self.harfbuzz = harfbuzz
        self.recorded = Self.timestamp(recorded)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    public var isVideo: Bool { kind == .video }

    /// The versions and date set to this run's, after frames were re-recorded.
    public mutating func restamp(date: Date = Date()) {
        toolkit = ToolkitVersions.toolkit; libass = ToolkitVersions.libass; freetype = ToolkitVersions.freetype
        harfbuzz = ToolkitVersions.harfbuzz
        recorded = Self.timestamp(date)
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
        if !isVideo, style == nil { throw bad("style", "missing") }
        guard times.allSatisfy({ $0 >= 0 }), times == Array(Set(times)).sorted() else { throw bad("times", "must be sorted, unique and not negative") }
        var hashes = [("input.sha256", input.sha256)]
        if let style { hashes.append(("style.sha256", style.sha256)) }
        if let file = style?.file { hashes.append(("style.file.sha256", file.sha256)) }
        for (n, font) in (fonts ?? []).enumerated() { hashes.append(("fonts[\(n)].sha256", font.sha256)) }
        for (field, hash) in hashes
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
